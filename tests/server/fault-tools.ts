// Tools for the fault tests: calls with a deadline (a hang fails the test with what hung), and a TCP proxy that can
// stall the bytes between a server and its database, as a sick network or an overloaded host does.
import { createServer, Socket, type AddressInfo, type Server } from 'node:net';

export interface TimedAnswer {
  status: number;
  body: unknown;
  /** How long the answer took, in milliseconds. */
  ms: number;
  /** The answer's Retry-After header, if any (a 503 asks the client to come back). */
  retryAfter?: string;
}

/**
 * One call to a server's API that must answer within `timeoutMs`. A call the network broke (the server was killed
 * mid-request) answers status 0; one that did not answer in time throws, naming the call.
 */
export async function timedCall(
  api: string,
  authorization: string,
  method: string,
  path: string,
  body?: string | object,
  timeoutMs = 20_000,
): Promise<TimedAnswer> {
  const headers: Record<string, string> = { authorization };
  let payload: string | undefined;
  if (typeof body === 'string') payload = body;
  else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers['content-type'] = 'application/json';
  }
  const started = performance.now();
  let res: Response;
  try {
    res = await fetch(`${api}${path}`, { method, headers, body: payload, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    if ((err as Error).name === 'TimeoutError') throw new Error(`${method} ${path} did not answer within ${timeoutMs} ms`);
    return { status: 0, body: String(err), ms: performance.now() - started };
  }
  const text = await res.text();
  let parsed: unknown = text;
  if ((res.headers.get('content-type') ?? '').startsWith('application/json')) parsed = JSON.parse(text) as unknown;
  const retryAfter = res.headers.get('retry-after') ?? undefined;
  return { status: res.status, body: parsed, ms: performance.now() - started, ...(retryAfter === undefined ? {} : { retryAfter }) };
}

export interface StallProxy {
  port: number;
  /** Stops moving bytes either way, on open connections and on new ones, which are accepted and left waiting. */
  stall(): void;
  /** Moves bytes again, what was held back first. */
  flow(): void;
  close(): Promise<void>;
}

interface Pair {
  inbound: Socket;
  outbound: Socket;
  piped: boolean;
}

function connect(pair: Pair): void {
  if (pair.piped) return;
  pair.piped = true;
  pair.inbound.pipe(pair.outbound);
  pair.outbound.pipe(pair.inbound);
}

function hold(pair: Pair): void {
  if (!pair.piped) return;
  pair.piped = false;
  // pipe() resumes a paused source whenever its destination drains, so unpipe before pausing.
  pair.inbound.unpipe();
  pair.outbound.unpipe();
  pair.inbound.pause();
  pair.outbound.pause();
}

/** A loopback TCP proxy to `targetPort`. */
export async function startStallProxy(targetPort: number): Promise<StallProxy> {
  let stalled = false;
  const pairs = new Set<Pair>();
  const server: Server = createServer((inbound) => {
    const pair: Pair = { inbound, outbound: new Socket(), piped: false };
    pairs.add(pair);
    const end = () => {
      pair.inbound.destroy();
      pair.outbound.destroy();
      pairs.delete(pair);
    };
    pair.inbound.on('error', end).on('close', end);
    pair.outbound.on('error', end).on('close', end);
    pair.outbound.connect(targetPort, '127.0.0.1', () => {
      if (!stalled) connect(pair);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    stall() {
      stalled = true;
      for (const pair of pairs) hold(pair);
    },
    flow() {
      stalled = false;
      for (const pair of pairs) if (pair.outbound.readyState === 'open') connect(pair);
    },
    async close() {
      for (const pair of pairs) {
        pair.inbound.destroy();
        pair.outbound.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
