// What the operator sees of each request: an id (the caller's X-Request-ID when it is a sensible one, else a fresh
// one) echoed in the answer, a count and a latency in the metrics under the request's operation, and one log line.
// The operation is the route's lakeFS operationId, never the raw path, so the metrics' series stay few.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { Logger } from 'pino';
import { accessKeyTried, auditNoteOf, auditRecord, isAudited, type AuditSink } from './audit-trail';
import type { ServerMetrics } from './metrics';
import type { AppContext, AppEnv } from './router';

/** What the request's own handlers tell the log and metrics about it. */
interface RequestTrace {
  id: string;
  /** Set by a handler outside the routing table: the S3 gateway's operation. */
  operation?: string;
}

/**
 * The request's trace, by its Request object: the app's error handler and the gateway reach it without a context
 * variable of their own. A WeakMap, so a trace goes with its request.
 */
const traces = new WeakMap<Request, RequestTrace>();

/** Printable characters a log or a proxy takes as they are; long enough for a UUID, a W3C trace id or a ULID. */
const requestIdPattern = /^[A-Za-z0-9._:+=/-]{1,128}$/;

export const requestIdHeader = 'x-request-id';

/** The caller's id when it is well-formed; otherwise (none, too long, odd characters) a fresh one. */
export function requestIdFrom(header: string | null | undefined): string {
  return header != null && requestIdPattern.test(header) ? header : randomUUID();
}

/**
 * The ids given by the Node listener (node-listener.ts), which already put them on the answer: by the Node
 * request, as the app sees it in its environment.
 */
const nodeRequestIds = new WeakMap<IncomingMessage, string>();

export function noteRequestId(incoming: IncomingMessage, id: string): void {
  nodeRequestIds.set(incoming, id);
}

/** The id given to a request, for its failure report (undefined outside the observed app, as in unit tests). */
export function requestIdOf(request: Request): string | undefined {
  return traces.get(request)?.id;
}

/** Names the request's operation when the routes cannot (the S3 gateway's operations). */
export function noteOperation(request: Request, operation: string): void {
  const trace = traces.get(request);
  if (trace) trace.operation = operation;
}

/** How a route is keyed: `GET /api/v1/repositories/:repository`, as Hono reports the route it matched. */
function routeKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}

/** Operation ids by route, for the API's declared routes under `prefix` and the app's own named routes. */
export function operationTable(routes: RouteConfig[], prefix: string, own: Record<string, string> = {}): Map<string, string> {
  const table = new Map(Object.entries(own));
  for (const route of routes) {
    if (!route.operationId) continue;
    // As @hono/zod-openapi turns a contract's path into the route it mounts.
    table.set(routeKey(route.method, `${prefix}${route.path.replaceAll(/\/{(.+?)}/g, '/:$1')}`), route.operationId);
  }
  return table;
}

export interface ObserveOptions {
  metrics: ServerMetrics;
  logger: Logger;
  /** Operation ids by route (operationTable). */
  operations: Map<string, string>;
  /** Paths under it that no route matched are counted as `unknown`; other unmatched reads are the console's files. */
  apiPrefix: string;
  /** Request lines at debug rather than info (`--quiet`): only faults and the start reach the default log. */
  quiet: boolean;
  /** The audit log's queue: told of each change, login and refusal of the API and the S3 gateway. */
  audit?: AuditSink;
  /** The session cookie's name: a request carrying it presented credentials. */
  sessionCookie?: string;
}

function operationOf(c: AppContext, trace: RequestTrace, o: ObserveOptions): string {
  if (trace.operation !== undefined) return trace.operation;
  const head = c.req.method === 'HEAD';
  for (const route of matchedRoutes(c)) {
    if (route.method === 'ALL') continue;
    // Hono answers HEAD with the GET route; a HEAD of its own (headObject) is published under its own id.
    const id = (head ? o.operations.get(routeKey('HEAD', route.path)) : undefined) ?? o.operations.get(routeKey(route.method, route.path));
    if (id !== undefined) return id;
  }
  const path = c.req.path;
  if (path === o.apiPrefix || path.startsWith(`${o.apiPrefix}/`)) return 'unknown';
  return c.req.method === 'GET' || head ? 'console' : 'unknown';
}

export function observeRequests(o: ObserveOptions): MiddlewareHandler<AppEnv> {
  const level = o.quiet ? 'debug' : 'info';
  return async (c, next) => {
    const started = performance.now();
    const incoming = c.env?.incoming;
    const given = incoming && nodeRequestIds.get(incoming);
    const trace: RequestTrace = { id: given ?? requestIdFrom(c.req.header(requestIdHeader)) };
    // Read now: once an answer is refused mid-body the connection may be gone (and its socket with it).
    const client = incoming?.socket?.remoteAddress;
    traces.set(c.req.raw, trace);
    await next();
    // Without the Node listener (the app called directly), the answer gets its id here.
    if (given === undefined) c.res.headers.set(requestIdHeader, trace.id);
    const millis = performance.now() - started;
    const operation = operationOf(c, trace, o);
    const status = c.res.status;
    o.metrics.observeRequest(operation, status, millis / 1000);
    if (o.logger.isLevelEnabled(level)) {
      // The path without its query: a query may carry a presigned signature or user data the log has no use for.
      o.logger[level](
        { reqId: trace.id, method: c.req.method, path: c.req.path, operation, status, durationMs: Math.round(millis * 100) / 100 },
        'request',
      );
    }
    if (o.audit) {
      // The audit log must never cost a request its answer.
      try {
        audit(c, o, { operation, status, requestId: trace.id, client }, o.audit);
      } catch (err) {
        o.logger.warn({ err, reqId: trace.id }, 'The audit record of a request could not be made');
      }
    }
  };
}

interface Answered {
  operation: string;
  status: number;
  requestId: string;
  client: string | undefined;
}

function audit(c: AppContext, o: ObserveOptions, { operation, status, requestId, client }: Answered, sink: AuditSink): void {
  const path = c.req.path;
  const inScope = operation.startsWith('s3') || operation === 'logout' || path === o.apiPrefix || path.startsWith(`${o.apiPrefix}/`);
  if (!inScope) return;
  const authorization = c.req.header('authorization');
  let keyTried: string | undefined;
  const credentialsGiven = () => {
    keyTried = accessKeyTried(authorization, new URL(c.req.url).searchParams);
    const cookie = o.sessionCookie !== undefined && (c.req.header('cookie')?.includes(`${o.sessionCookie}=`) ?? false);
    return authorization !== undefined || keyTried !== undefined || cookie;
  };
  if (!isAudited(c.req.method, operation, status, credentialsGiven)) return;
  keyTried ??= accessKeyTried(authorization, new URL(c.req.url).searchParams);
  const note = auditNoteOf(c);
  const tried = note.accessKeyId ?? keyTried;
  sink(
    auditRecord(
      { ...note, ...(tried !== undefined ? { accessKeyId: tried } : {}) },
      { method: c.req.method, path, operation, status, client, requestId },
    ),
  );
}
