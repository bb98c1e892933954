// Responses ended in one turn of the event loop leave together at its end (server/http/batched-response.ts): every
// client still gets its whole answer, in order on a connection, whatever the handler does after `end`.
import { createServer, type RequestListener, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { BatchedResponse } from '../../../server/http/batched-response';

let server: Server | undefined;

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

async function serve(listener: RequestListener): Promise<string> {
  server = createServer({ ServerResponse: BatchedResponse }, listener);
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** What arrives on one connection after `requests` are written to it at once, until the server closes it. */
function rawExchange(url: string, requests: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(requests));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', reject);
  });
}

describe('batched responses', () => {
  it('gives each of many concurrent requests its own whole answer', async () => {
    const url = await serve((req, res) => {
      res.setHeader('content-type', 'text/plain');
      res.end(`answer to ${req.url}`);
    });
    const paths = Array.from({ length: 200 }, (_, i) => `/n${i}`);
    const bodies = await Promise.all(paths.map(async (path) => (await fetch(url + path)).text()));
    expect(bodies).toEqual(paths.map((path) => `answer to ${path}`));
  });

  it('answers pipelined requests in order, those answered later and out of order included', async () => {
    const delays: Record<string, number> = { '/a': 30, '/b': 0, '/c': 10 };
    const url = await serve((req, res) => {
      setTimeout(() => res.end(`body of ${req.url}`), delays[req.url ?? ''] ?? 0);
    });
    const request = (path: string, last = false) => `GET ${path} HTTP/1.1\r\nhost: x\r\n${last ? 'connection: close\r\n' : ''}\r\n`;
    const raw = await rawExchange(url, request('/a') + request('/b') + request('/c', true));
    const bodies = [...raw.matchAll(/body of \/\w/g)].map((m) => m[0]);
    expect(bodies).toEqual(['body of /a', 'body of /b', 'body of /c']);
  });

  it('sends a body written in parts before its deferred end', async () => {
    const url = await serve((_req, res) => {
      res.write('first,');
      setImmediate(() => {
        res.write('second,');
        res.end('last');
      });
    });
    expect(await (await fetch(url)).text()).toBe('first,second,last');
  });

  // The calls after an end, each as Node answers them without batching.
  async function plainAndBatched<T>(exchange: (url: string) => Promise<T>, listener: RequestListener): Promise<[T, T]> {
    const plain = createServer(listener);
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    try {
      const first = await exchange(`http://127.0.0.1:${(plain.address() as AddressInfo).port}`);
      return [first, await exchange(await serve(listener))];
    } finally {
      await new Promise((resolve) => plain.close(resolve));
    }
  }

  it('answers a second end and a write after the end as Node does without batching', async () => {
    const failures: string[][] = [];
    const [plain, batched] = await plainAndBatched(
      async (url) => {
        const seen: string[] = [];
        failures.push(seen);
        const body = await (await fetch(url)).text();
        await expect.poll(() => seen.length, { timeout: 5_000 }).toBe(2);
        return { body, seen };
      },
      (_req, res) => {
        const seen = failures.at(-1) ?? [];
        res.on('error', (err: NodeJS.ErrnoException) => seen.push(`error event ${err.code}`));
        res.end('whole');
        res.end();
        res.write('late', (err) => seen.push(`write callback ${(err as NodeJS.ErrnoException | null)?.code}`));
      },
    );
    expect(plain).toEqual({ body: 'whole', seen: ['write callback ERR_STREAM_WRITE_AFTER_END', 'error event ERR_STREAM_WRITE_AFTER_END'] });
    expect(batched).toEqual(plain);
  });

  it('sends the answer ended just before its response is destroyed, as Node does without batching', async () => {
    const [plain, batched] = await plainAndBatched(
      async (url) => (await rawExchange(url, 'GET / HTTP/1.1\r\nhost: x\r\n\r\n')).replace(/\r\nDate: [^\r]*/, ''),
      (_req, res) => {
        res.writeHead(500, { 'content-type': 'text/plain', connection: 'close' });
        res.end('Error: broken');
        res.destroy();
      },
    );
    expect(plain).toMatch(/^HTTP\/1.1 500 [^]*Error: broken/);
    expect(batched).toBe(plain);
  });
});
