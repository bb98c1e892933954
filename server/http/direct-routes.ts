// The hottest object calls (a stat, a read, a small upload) answered straight from Node's request: the app's way
// builds a web Request, runs the middleware chain, the boundary and two validators, then a web Response, which cost
// a small read several times the work of the read itself. Only the common case is answered here, with the route's
// own contract (its schemas and access rule) and the handler's own answer; anything else (no Authorization header,
// wrong credentials, a denied or invalid call, a header the route reads) is handed to the app, which then answers it
// as it always does. Once a call has read its body it cannot be handed on, so its failure is answered here as the
// app answers failures (errors.ts). Answers are made with the same calls on Node's response as the app's adapter
// makes (tests/server/http/direct-routes.test.ts compares the bytes).
import type { IncomingMessage } from 'node:http';
import type { z } from '@hono/zod-openapi';
import { getQueryParams } from 'hono/utils/url';
import type { Principal } from '../auth';
import type { RequestFailure } from './app';
import { notePermission, type AuditNote } from './audit-trail';
import type { AccessGuard } from './boundary';
import { onlyAsciiEscapes } from './boundary';
import { accessOf, type DeclaredRoute } from './contract';
import { toErrorAnswer, type ErrorAnswer } from './errors';
import { readWhole } from './request-body';

/** A JSON answer, bytes with their headers (the object's, Content-Length among them), or a failure's answer. */
export type DirectAnswer =
  | { status: number; json: unknown }
  | { status: number; headers: Record<string, string>; bytes: Uint8Array }
  | { status: number; error: ErrorAnswer['body'] };

/**
 * What a direct route's answer is given: the inputs as the route's schemas parsed them, Node's request, and its
 * body read whole (after which the call is this module's to answer, failures included).
 */
export interface DirectInput<P, Q> {
  params: P;
  query: Q;
  incoming: IncomingMessage;
  body(): Promise<Uint8Array>;
}

/** A route the app declares, answered directly; `answer` gives undefined to leave the request to the app. */
export interface DirectRoute {
  route: DeclaredRoute;
  answer(input: DirectInput<unknown, unknown>): Promise<DirectAnswer | undefined>;
}

/** A route with path parameters and a query, answered directly with its schemas' outputs as inputs. */
export function directRoute<P extends z.ZodType, Q extends z.ZodType>(
  route: DeclaredRoute & { method: 'get' | 'post'; request: { params: P; query: Q } },
  answer: (input: DirectInput<z.output<P>, z.output<Q>>) => Promise<DirectAnswer | undefined>,
): DirectRoute {
  return { route, answer: answer as DirectRoute['answer'] };
}

export interface DirectDeps {
  apiPrefix: string;
  /** The principal of an Authorization header of the Basic or Bearer scheme, as the app's authentication finds it. */
  identify(authorization: string): Promise<Principal | undefined>;
  /** Told of each call answered here once its caller is known (the app counts its calls so: the usage report). */
  onSignedIn(): void;
  /** Told of a failure answered here, as the app tells of its own. */
  onFailure?: (failure: RequestFailure) => void;
  guard: Pick<AccessGuard, 'require'>;
}

/**
 * A call this module answers: its operation and path (for the metrics and the log), and the answer given the
 * request's id, undefined (or a rejection) to hand it on.
 */
export interface DirectCall {
  operation: string;
  path: string;
  /** The caller and the permission checked, once answer() learns them (for the audit log). */
  note: AuditNote;
  answer(requestId: string): Promise<DirectAnswer | undefined>;
}

interface Compiled {
  direct: DirectRoute;
  method: string;
  operation: string;
  pattern: RegExp;
  names: string[];
  queryNames: Set<string>;
  params: z.ZodType;
  query: z.ZodType;
}

/** The schema's keys: only a query made of them is answered here (any other may be an S3 presigned one, or odd). */
function shapeKeys(schema: z.ZodType): Set<string> {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  if (!shape) throw new Error('a direct route needs an object schema for its query');
  return new Set(Object.keys(shape));
}

function compile(direct: DirectRoute, apiPrefix: string): Compiled {
  const { route } = direct;
  const names: string[] = [];
  // A parameter without percent-escapes is its text as Hono's router gives it; one with escapes is left to the app.
  const source = `${apiPrefix}${route.path}`
    .split(/\{(\w+)\}/)
    .map((part, i) => (i % 2 === 1 ? (names.push(part), '([^/?%]+)') : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  const { params, query } = route.request ?? {};
  if (!params || !query || !route.operationId) throw new Error(`${route.path}: a direct route needs path and query schemas and an operation id`);
  return {
    direct,
    method: route.method.toUpperCase(),
    operation: route.operationId,
    pattern: new RegExp(`^${source}(?:\\?|$)`),
    names,
    queryNames: shapeKeys(query as z.ZodType),
    params: params as z.ZodType,
    query: query as z.ZodType,
  };
}

/** The Basic and Bearer schemes: an AWS signature (the S3 gateway's) or a cookie session is the app's. */
const headerScheme = /^(basic|bearer) /i;

/**
 * The call for `incoming` when one of `routes` answers it, else undefined (the app's). Decided from the request line
 * and headers alone, without reading anything.
 */
export function directRoutes(routes: DirectRoute[], deps: DirectDeps): (incoming: IncomingMessage) => DirectCall | undefined {
  const compiled = routes.map((route) => compile(route, deps.apiPrefix));
  return (incoming) => {
    const url = incoming.url;
    const authorization = incoming.headers.authorization;
    if (url === undefined || authorization === undefined || !headerScheme.test(authorization)) return undefined;
    // As the boundary: a URL with escapes of non-ASCII bytes may decode to ill-formed text, which the app refuses.
    if (url.includes('#') || !onlyAsciiEscapes(url)) return undefined;
    for (const c of compiled) {
      if (incoming.method !== c.method) continue;
      const match = c.pattern.exec(url);
      if (!match) continue;
      const queryAt = url.indexOf('?');
      const path = queryAt === -1 ? url : url.slice(0, queryAt);
      const note: AuditNote = {};
      const call = { path, url, authorization, incoming, note };
      return { operation: c.operation, path, note, answer: (requestId) => answer(c, match, call, requestId, deps) };
    }
    return undefined;
  };
}

interface Call {
  path: string;
  url: string;
  authorization: string;
  incoming: IncomingMessage;
  note: AuditNote;
}

async function answer(
  c: Compiled,
  match: RegExpExecArray,
  { path, url, authorization, incoming, note }: Call,
  requestId: string,
  deps: DirectDeps,
): Promise<DirectAnswer | undefined> {
  const rawParams: Record<string, string> = {};
  c.names.forEach((name, i) => (rawParams[name] = match[i + 1] as string));
  const rawQuery: Record<string, string> = {};
  // Hono's own parser, as the app's validator reads the query: the same decoding of `+` and escapes.
  const parsed = getQueryParams(url) as Record<string, string[]>;
  for (const [name, values] of Object.entries(parsed)) {
    // A repeated value is a list to the app's validator, which its schema refuses: the app's 400.
    if (!c.queryNames.has(name) || values.length !== 1) return undefined;
    rawQuery[name] = values[0] as string;
  }
  const principal = await deps.identify(authorization);
  if (!principal) return undefined;
  note.user = principal.userId;
  const access = accessOf(c.direct.route);
  if (access?.kind !== 'check' && access?.kind !== 'signed-in') return undefined;
  if (access.kind === 'check') {
    const requirement = access.requires({ params: rawParams, query: (name) => rawQuery[name], body: undefined });
    notePermission(note, requirement);
    // Refused: the app answers the refusal.
    if (!(await deps.guard.require(principal, requirement).then(() => true, () => false))) return undefined;
  }
  const params = c.params.safeParse(rawParams);
  const query = c.query.safeParse(rawQuery);
  if (!params.success || !query.success) return undefined;
  let read = false;
  const body = () => {
    read = true;
    return readWhole(incoming);
  };
  try {
    const answered = await c.direct.answer({ params: params.data, query: query.data, incoming, body });
    if (answered) deps.onSignedIn();
    return answered;
  } catch (err) {
    if (!read) throw err;
    deps.onSignedIn();
    const { status, body: error } = toErrorAnswer(err);
    deps.onFailure?.({
      method: c.method,
      path,
      status,
      message: error.message,
      // As the app's error handler: 501 is an answer, not a fault.
      ...(status >= 500 && status !== 501 ? { fault: err } : {}),
      requestId,
    });
    return { status, error };
  }
}
