// The Hono app: S3 requests (signed, or shaped as S3's: server/gateway/recognize.ts) to the gateway, the API under
// /api/v1 (api.ts), /logout, and the console for everything else.
import { Hono } from 'hono';
import { deleteCookie, getCookie } from 'hono/cookie';
import type { Logger } from 'pino';
import type { AuditLog } from '../audit';
import type { AuthService, InvitationMailer, LoginSettings } from '../auth';
import type { StorageConfig } from '../catalog';
import type { Gateway } from '../gateway';
import type { UsageCounter } from '../usage';
import { createApi } from './api';
import { noteCaller, notePermissionOf } from './audit-trail';
import { gatewaySessionOf, identifier, sessionCookieName } from './authenticate';
import { declaredRoutes, type AccessGuard } from './boundary';
import { bootAnswers, withBootAnswers, type AskApi } from './console-boot';
import { consoleFiles } from './console-files';
import { errorResponse, toErrorAnswer } from './errors';
import { metricsHandler, type MetricsAccess, type ServerMetrics } from './metrics';
import { noteOperation, observeRequests, operationTable, requestIdHeader, requestIdOf } from './observe';
import { readinessHandler, readinessPath, type ReadinessCheck } from './readiness';
import { requestBody } from './request-body';
import type { AppEnv, Router } from './router';
import { accessControlRouter } from './routes/access-control';
import { auditRouter } from './routes/audit';
import { authRouter } from './routes/auth';
import { configRouter } from './routes/config';
import { setupRouter } from './routes/setup';
import { refuseUnansweredMethods } from './unsupported-methods';
import { usageRouter } from './routes/usage';

export const apiPrefix = '/api/v1';

export interface AppDeps {
  auth: AuthService;
  /** How users log in: the RBAC mode and the login page's settings. */
  login: LoginSettings;
  /** The console's public address, for activation links (else the address the admin called). */
  publicUrl?: string;
  /** Mails invitations when a mail server is configured. */
  mailer?: InvitationMailer;
  storage: StorageConfig;
  version: string;
  consoleDir: string;
  /** Routers of the data calls (repositories, refs, objects, ...), built over the catalog. */
  dataRouters: Router[];
  /** Counts every authenticated API call, for the usage report. */
  usage: UsageCounter;
  /** The S3 gateway, which answers every request that is S3's (none without it). */
  gateway?: Gateway;
  /** Called once for every request that failed with an error; never given request bodies or credentials. */
  onFailure?: (failure: RequestFailure) => void;
  /** The audit log: told of every change, login and refusal, and read by GET /audit. */
  audit: AuditLog;
  /** The request log, metrics and readiness (`/metrics`, `/_ready`). */
  observe: {
    logger: Logger;
    metrics: ServerMetrics;
    metricsAccess: MetricsAccess;
    readiness: ReadinessCheck[];
    /** Request lines at debug level (`--quiet`). */
    quiet: boolean;
  };
}

/** A failed request as the log sees it. */
export interface RequestFailure {
  method: string;
  /** The path without its query, which may carry user data the log has no use for. */
  path: string;
  status: number;
  /** What the client was told. */
  message: string;
  /** The error itself, only for server faults (5xx): a client error's stack says nothing about the server. */
  fault?: unknown;
  /** The id the request's log line and answer carry (X-Request-ID). */
  requestId?: string;
}

function withRequestId(request: Request): { requestId?: string } {
  const requestId = requestIdOf(request);
  return requestId === undefined ? {} : { requestId };
}

/** How the API asks the auth model whether a caller may make a call (direct-routes.ts asks it the same). */
export function accessGuard(auth: AuthService): AccessGuard {
  return {
    require: (principal, requirement) => auth.authorizer.require(principal.userId, requirement),
    allows: async (principal, requirement) => (await auth.authorizer.decide(principal.userId, requirement)).allowed,
  };
}

/** An answer's body as JSON; undefined when it has none. */
function parseAnswer(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const identify = identifier(deps.auth);
  const api = createApi({
    routers: [
      setupRouter(deps.auth, deps.login),
      authRouter(deps.auth),
      accessControlRouter(deps.auth, {
        ...(deps.publicUrl ? { publicUrl: deps.publicUrl } : {}),
        ...(deps.mailer ? { mailer: deps.mailer } : {}),
      }),
      configRouter(deps.storage, { version: deps.version, rbac: deps.login.rbac }),
      usageRouter(deps.usage),
      auditRouter(deps.audit),
      ...deps.dataRouters,
    ],
    identify: async (c) => {
      const principal = await identify(c);
      deps.usage.record();
      return principal;
    },
    guard: accessGuard(deps.auth),
    version: deps.version,
  });

  const app = new Hono<AppEnv>();
  app.onError((err, c) => {
    const answer = toErrorAnswer(err);
    deps.onFailure?.({
      method: c.req.method,
      path: c.req.path,
      status: answer.status,
      message: answer.body.message,
      // 501 is a deliberate answer (a call Tarn does not offer), not a fault.
      ...(answer.status >= 500 && answer.status !== 501 ? { fault: err } : {}),
      ...withRequestId(c.req.raw),
    });
    return errorResponse(answer);
  });
  const { observe } = deps;
  const operations = operationTable(declaredRoutes(api), apiPrefix, {
    'GET /metrics': 'metrics',
    [`GET ${readinessPath}`]: 'ready',
    'GET /logout': 'logout',
  });
  // First, so that every answer (the gateway's, errors) carries the request id and is counted.
  app.use(
    '*',
    observeRequests({
      metrics: observe.metrics,
      logger: observe.logger,
      operations,
      apiPrefix,
      quiet: observe.quiet,
      audit: (record) => deps.audit.record(record),
      sessionCookie: sessionCookieName,
    }),
  );
  app.use('*', async (c, next) => {
    await next();
    // Nothing here is meant to be framed by another site or sniffed into another type. Under the Node listener
    // (node-listener.ts) Node's response already carries these.
    if (c.env?.incoming) return;
    c.res.headers.set('x-content-type-options', 'nosniff');
    c.res.headers.set('x-frame-options', 'DENY');
  });
  app.use('*', refuseUnansweredMethods);
  const { gateway } = deps;
  if (gateway) {
    const sessionOf = gatewaySessionOf(deps.auth);
    app.use('*', async (c, next) => {
      if (!gateway.accepts(c.req.raw, apiPrefix)) return next();
      const request = c.req.raw;
      noteOperation(request, 's3_gateway');
      return gateway.handle({
        request,
        body: requestBody(c),
        target: c.env?.incoming?.url,
        session: await sessionOf(c),
        requestId: requestIdOf(request),
        onOperation: (name) => noteOperation(request, name ? `s3:${name}` : 's3_gateway'),
        onCaller: (userId) => noteCaller(c, userId),
        onPermissions: (needed) => {
          const [first] = needed;
          if (first) notePermissionOf(c, first);
        },
      });
    });
  }
  // After the gateway: a signed S3 request for a repository named `metrics` is the gateway's.
  app.get('/metrics', metricsHandler(observe.metrics, observe.metricsAccess));
  app.get(readinessPath, readinessHandler(observe.readiness, observe.logger));
  app.route(apiPrefix, api);
  app.notFound((c) => c.json({ message: `nothing at ${c.req.method} ${c.req.path}` }, 404));
  app.get('/logout', async (c) => {
    // End the session on the server too: a copy of the cookie (or the token) must not outlive the logout.
    const token = getCookie(c, sessionCookieName);
    if (token) {
      // Who logged out, for the audit log.
      const principal = await deps.auth.sessions.authenticate(token);
      if (principal) noteCaller(c, principal.userId);
      await deps.auth.sessions.end(token);
    }
    deleteCookie(c, sessionCookieName, { path: '/' });
    return c.redirect(deps.login.loginUrl, 307);
  });
  const serveConsole = consoleFiles(deps.consoleDir);
  app.get('*', async (c) => {
    if (c.req.path === apiPrefix || c.req.path.startsWith(`${apiPrefix}/`)) {
      return c.json({ message: `no API call ${c.req.method} ${c.req.path}` }, 404);
    }
    // The page's first reads, asked of the API itself with the page's cookie: the same code and authorisation. Their
    // log lines carry the page's request id.
    const headers: Record<string, string> = {};
    const cookie = c.req.header('cookie');
    if (cookie) headers.cookie = cookie;
    const requestId = requestIdOf(c.req.raw);
    if (requestId) headers[requestIdHeader] = requestId;
    const ask: AskApi = async (address) => {
      const answer = await app.fetch(new Request(new URL(address, c.req.url), { headers }));
      const body = parseAnswer(await answer.text());
      // The console makes its answers of JSON bodies: an answer without one is left for it to ask.
      return body === undefined ? undefined : { status: answer.status, body };
    };
    return serveConsole(c.req.path, { method: c.req.method, acceptEncoding: c.req.header('accept-encoding') }, async (html) => withBootAnswers(html, await bootAnswers(new URL(c.req.url), ask)));
  });
  return app;
}
