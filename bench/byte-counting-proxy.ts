// A loopback proxy in front of Tarn that counts the body bytes of the responses the browser receives for chosen
// requests: how much of a file a query really moved, whatever in the browser (page, worker, wasm) asked for it.
import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CountedRequest {
  method: string;
  range: string | undefined;
  status: number;
  bytes: number;
}

export interface ByteCountingProxy {
  url: string;
  /** The counted requests since the last `reset`. */
  requests(): CountedRequest[];
  bytes(): number;
  reset(): void;
  close(): Promise<void>;
}

export async function startByteCountingProxy(target: string, counts: (request: IncomingMessage) => boolean): Promise<ByteCountingProxy> {
  const upstream = new URL(target);
  let counted: CountedRequest[] = [];
  const server = createServer((incoming, outgoing) => {
    const forwarded = request(
      { host: upstream.hostname, port: upstream.port, method: incoming.method, path: incoming.url, headers: { ...incoming.headers, host: upstream.host } },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        const record: CountedRequest | undefined = counts(incoming)
          ? { method: incoming.method ?? 'GET', range: incoming.headers.range, status: answer.statusCode ?? 0, bytes: 0 }
          : undefined;
        if (record) counted.push(record);
        answer.on('data', (chunk: Buffer) => {
          if (record) record.bytes += chunk.length;
        });
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', (error) => outgoing.destroy(error));
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => counted,
    bytes: () => counted.reduce((sum, r) => sum + r.bytes, 0),
    reset: () => {
      counted = [];
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
