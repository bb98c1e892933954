// The Node request listener in front of the Hono app. What every answer carries (the request id and the headers
// that keep other sites from framing or sniffing it) is set on Node's own response, which costs a fraction of
// setting it on a web Response's headers; and the liveness probe, which load balancers and orchestrators call
// constantly, is answered here without a trip through the app, counted and logged as the app would.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Logger } from 'pino';
import type { ServerMetrics } from './metrics';
import { noteRequestId, requestIdFrom, requestIdHeader } from './observe';

export interface NodeListenerOptions {
  metrics: ServerMetrics;
  logger: Logger;
  apiPrefix: string;
  /** Request lines at debug rather than info (`--quiet`). */
  quiet: boolean;
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

/** What Hono's app.fetch is to the Node adapter. */
type Fetch = Parameters<typeof getRequestListener>[0];

export function nodeListener(fetch: Fetch, o: NodeListenerOptions): NodeListener {
  const app = getRequestListener(fetch);
  const liveness = `${o.apiPrefix}/healthcheck`;
  const level = o.quiet ? 'debug' : 'info';
  return (incoming, outgoing) => {
    const started = performance.now();
    const id = requestIdFrom(incoming.headers[requestIdHeader] as string | undefined);
    outgoing.setHeader(requestIdHeader, id);
    outgoing.setHeader('x-content-type-options', 'nosniff');
    outgoing.setHeader('x-frame-options', 'DENY');
    if (!isPlainLivenessProbe(incoming, liveness)) {
      noteRequestId(incoming, id);
      void app(incoming, outgoing);
      return;
    }
    outgoing.writeHead(204).end();
    const millis = performance.now() - started;
    o.metrics.observeRequest('healthCheck', 204, millis / 1000);
    if (o.logger.isLevelEnabled(level)) {
      o.logger[level](
        { reqId: id, method: incoming.method, path: liveness, operation: 'healthCheck', status: 204, durationMs: Math.round(millis * 100) / 100 },
        'request',
      );
    }
  };
}
