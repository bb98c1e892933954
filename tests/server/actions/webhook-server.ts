// A real webhook receiver on 127.0.0.1: it records every call, answers each path with the status a test sets, and
// can hold a call until the test releases it (to watch a running hook, or to let a hook time out).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  contentType: string;
  authorization: string;
  body: Record<string, unknown>;
}

export interface HeldCall {
  /** Resolves when the held call arrives. */
  arrived: Promise<ReceivedCall>;
  /** Answers it (200 by default). */
  release(status?: number): void;
}

export interface WebhookServer {
  /** `http://127.0.0.1:<port>`; a hook's URL is this plus a path. */
  url: string;
  calls: ReceivedCall[];
  callsTo(path: string): ReceivedCall[];
  /** Calls to `path` are answered with `status` and `body` from now on (default 200 "ok"). */
  answer(path: string, status: number, body?: string): void;
  /** The next call to `path` waits for `release`. */
  hold(path: string): HeldCall;
  /** Resolves once `count` calls to `path` have arrived in all. */
  waitForCalls(path: string, count: number): Promise<ReceivedCall[]>;
  close(): Promise<void>;
}

interface Waiter {
  path: string;
  count: number;
  resolve: (calls: ReceivedCall[]) => void;
}

export async function startWebhookServer(): Promise<WebhookServer> {
  const calls: ReceivedCall[] = [];
  const answers = new Map<string, { status: number; body: string }>();
  const held = new Map<string, { arrive: (call: ReceivedCall) => void; released: Promise<number> }>();
  const waiters: Waiter[] = [];
  const open = new Set<ServerResponse>();
  const callsTo = (path: string) => calls.filter((call) => call.path === path);

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://receiver');
      const text = Buffer.concat(chunks).toString('utf8');
      const call: ReceivedCall = {
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        contentType: req.headers['content-type'] ?? '',
        authorization: req.headers.authorization ?? '',
        body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      };
      calls.push(call);
      for (const waiter of [...waiters]) {
        if (waiter.path === call.path && callsTo(call.path).length >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(callsTo(call.path));
        }
      }
      const answer = answers.get(call.path) ?? { status: 200, body: 'ok' };
      const hold = held.get(call.path);
      if (!hold) {
        res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body);
        return;
      }
      held.delete(call.path);
      open.add(res);
      hold.arrive(call);
      void hold.released.then((status) => {
        open.delete(res);
        if (!res.destroyed) res.writeHead(status, { 'content-type': 'text/plain' }).end(`released with ${status}`);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    callsTo,
    answer(path, status, body = `answered ${status}`) {
      answers.set(path, { status, body });
    },
    hold(path) {
      let arrive!: (call: ReceivedCall) => void;
      let release!: (status: number) => void;
      const arrived = new Promise<ReceivedCall>((resolve) => (arrive = resolve));
      const released = new Promise<number>((resolve) => (release = resolve));
      held.set(path, { arrive, released });
      return { arrived, release: (status = 200) => release(status) };
    },
    waitForCalls(path, count) {
      if (callsTo(path).length >= count) return Promise.resolve(callsTo(path));
      return new Promise((resolve) => waiters.push({ path, count, resolve }));
    },
    async close() {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
