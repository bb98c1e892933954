// The Node request listener in front of the Hono app. What every answer carries (the request id and the headers
// that keep other sites from framing or sniffing it) is set on Node's own response, which costs a fraction of
// setting it on a web Response's headers; and the liveness probe, which load balancers and orchestrators call
// constantly, is answered here without a trip through the app, counted and logged as the app would; so are the hot
// object calls that direct-routes.ts answers.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Logger } from 'pino';
import { auditRecord, isAudited, type AuditSink } from './audit-trail';
import type { DirectAnswer, DirectCall } from './direct-routes';
import { failureHeaders, toErrorAnswer } from './errors';
import type { ServerMetrics } from './metrics';
import { noteRequestId, requestIdFrom, requestIdHeader } from './observe';

export interface NodeListenerOptions {
  metrics: ServerMetrics;
  logger: Logger;
  apiPrefix: string;
  /** Request lines at debug rather than info (`--quiet`). */
  quiet: boolean;
  /** The calls answered without the app (direct-routes.ts). */
  direct?: (incoming: IncomingMessage) => DirectCall | undefined;
  /**
   * Told before the requests that arrived together are handled, after all of them arrived: the record cache then
   * looks at the store afresh once for them all, and each reads what was committed before it arrived.
   */
  onRequests?: () => void;
  /** The audit log's queue, told of the changes answered here as the app tells it of its own. */
  audit?: AuditSink;
}

export type NodeListener = (incoming: IncomingMessage, outgoing: ServerResponse) => void;

/**
 * The probe as lakeFS answers it: 204 and no body, signed in or not. Only the plain request is answered here: one
 * with a query or an AWS signature might be an S3 request for a bucket named `api` (server/gateway/recognize.ts),
 * and the app decides those.
 */
function isPlainLivenessProbe(incoming: IncomingMessage, path: string): boolean {
  return (
    incoming.url === path &&
    (incoming.method === 'GET' || incoming.method === 'HEAD') &&
    incoming.headers.authorization?.startsWith('AWS') !== true
  );
}

/**
 * As Hono's Node adapter writes the app's answers: a JSON text with its type set and its length left to Node, bytes
 * with the headers given (their Content-Length among them). The same calls give the same bytes on the wire.
 */
function send(outgoing: ServerResponse, answer: DirectAnswer): void {
  if ('json' in answer) {
    outgoing.statusCode = answer.status;
    outgoing.setHeader('Content-Type', 'application/json');
    outgoing.end(JSON.stringify(answer.json));
  } else if ('error' in answer) {
    // As errors.ts's errorResponse reaches the wire.
    outgoing.statusCode = answer.status;
    outgoing.setHeader('content-type', 'application/json');
    for (const [name, value] of Object.entries(failureHeaders(answer.status))) outgoing.setHeader(name, value);
    outgoing.end(JSON.stringify(answer.error));
  } else {
    outgoing.writeHead(answer.status, answer.headers).end(answer.bytes);
  }
}

/** What Hono's app.fetch is to the Node adapter. */
type Fetch = Parameters<typeof getRequestListener>[0];

export function nodeListener(fetch: Fetch, o: NodeListenerOptions): NodeListener {
  const app = getRequestListener(fetch);
  const liveness = `${o.apiPrefix}/healthcheck`;
  const level = o.quiet ? 'debug' : 'info';
  const observe = (incoming: IncomingMessage, id: string, started: number, path: string, operation: string, status: number) => {
    const millis = performance.now() - started;
    o.metrics.observeRequest(operation, status, millis / 1000);
    if (o.logger.isLevelEnabled(level)) {
      o.logger[level]({ reqId: id, method: incoming.method, path, operation, status, durationMs: Math.round(millis * 100) / 100 }, 'request');
    }
  };
  const toApp = (incoming: IncomingMessage, outgoing: ServerResponse, id: string) => {
    noteRequestId(incoming, id);
    void app(incoming, outgoing);
  };
  const answerDirectly = async (call: DirectCall, incoming: IncomingMessage, outgoing: ServerResponse, id: string, started: number) => {
    // Any failure is the app's to answer, as it answers every failure.
    // Read now: the connection (and its socket) may be gone once the answer is sent.
    const client = incoming.socket?.remoteAddress;
    const answer = await call.answer(id).catch(() => undefined);
    if (!answer) return toApp(incoming, outgoing, id);
    send(outgoing, answer);
    observe(incoming, id, started, call.path, call.operation, answer.status);
    const method = incoming.method ?? 'GET';
    // A call answered here was signed with a key that identified its caller.
    if (o.audit && isAudited(method, call.operation, answer.status, () => true)) {
      const answered = { method, path: call.path, operation: call.operation, status: answer.status, client, requestId: id };
      o.audit(auditRecord(call.note, answered));
    }
  };
  // The requests that arrive in one turn of the event loop are handled together once the turn has read them all
  // (the turn's check phase), rather than each as it is read: what they share is then done once, after every one
  // of them arrived (onRequests).
  let arrived: Array<[IncomingMessage, ServerResponse, number]> = [];
  const handleArrived = () => {
    const batch = arrived;
    arrived = [];
    o.onRequests?.();
    for (const [incoming, outgoing, started] of batch) {
      // One request's fault must not leave the others of its batch unanswered.
      try {
        handle(incoming, outgoing, started);
      } catch (err) {
        o.logger.error({ err, path: incoming.url?.split('?')[0] }, 'A request could not be handled');
        if (outgoing.headersSent) outgoing.destroy();
        else send(outgoing, { status: 500, error: toErrorAnswer(err).body });
      }
    }
  };
  const handle = (incoming: IncomingMessage, outgoing: ServerResponse, started: number) => {
    const id = requestIdFrom(incoming.headers[requestIdHeader] as string | undefined);
    outgoing.setHeader(requestIdHeader, id);
    outgoing.setHeader('x-content-type-options', 'nosniff');
    outgoing.setHeader('x-frame-options', 'DENY');
    if (isPlainLivenessProbe(incoming, liveness)) {
      outgoing.writeHead(204).end();
      observe(incoming, id, started, liveness, 'healthCheck', 204);
      return;
    }
    const call = o.direct?.(incoming);
    if (call) void answerDirectly(call, incoming, outgoing, id, started);
    else toApp(incoming, outgoing, id);
  };
  return (incoming, outgoing) => {
    if (arrived.length === 0) setImmediate(handleArrived);
    arrived.push([incoming, outgoing, performance.now()]);
  };
}
