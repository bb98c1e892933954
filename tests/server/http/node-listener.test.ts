// The Node listener handles the requests that arrive in one turn of the event loop together, after all of them
// arrived (server/http/node-listener.ts): onRequests is told once before them, so the record cache looks at the store
// once for them all and each still reads what was committed before it arrived.
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { BatchedResponse } from '../../../server/http/batched-response';
import { ServerMetrics } from '../../../server/http/metrics';
import { nodeListener } from '../../../server/http/node-listener';

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** Serves `listener` (logging arrivals into `events`) and writes `paths` to one connection at once. */
async function pipelined(listener: ReturnType<typeof nodeListener>, events: string[], paths: string[]): Promise<string> {
  server = createServer({ ServerResponse: BatchedResponse }, (incoming, outgoing) => {
    events.push(`arrived ${incoming.url}`);
    listener(incoming, outgoing);
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // Pipelined requests in one write: Node parses them in one turn.
  return new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      const request = (path: string, last: boolean) => `GET ${path} HTTP/1.1\r\nhost: x\r\n${last ? 'connection: close\r\n' : ''}\r\n`;
      socket.write(paths.map((path, i) => request(path, i === paths.length - 1)).join(''));
    });
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
}

const options = { metrics: new ServerMetrics(), logger: pino({ level: 'silent' }), apiPrefix: '/api/v1', quiet: true };

describe('the node listener', () => {
  it('tells onRequests once for requests that arrive together, before handling any and after all arrived', async () => {
    const events: string[] = [];
    const listener = nodeListener(
      async (request) => {
        events.push(`handled ${new URL(request.url).pathname}`);
        return new Response('ok');
      },
      { ...options, onRequests: () => events.push('onRequests') },
    );
    const raw = await pipelined(listener, events, ['/a', '/b', '/c']);
    expect(raw.match(/HTTP\/1.1 200 OK/g)).toHaveLength(3);
    expect(events.slice(0, 4)).toEqual(['arrived /a', 'arrived /b', 'arrived /c', 'onRequests']);
    expect(events.filter((event) => event === 'onRequests')).toHaveLength(1);
    expect(events.slice(4)).toEqual(['handled /a', 'handled /b', 'handled /c']);
  });

  it('answers the others of a batch when one request fails before it reaches the app', async () => {
    const listener = nodeListener(async () => new Response('ok'), {
      ...options,
      direct: (incoming) => {
        if (incoming.url === '/boom') throw new Error('broken claim');
        return undefined;
      },
    });
    const raw = await pipelined(listener, [], ['/a', '/boom', '/c']);
    expect([...raw.matchAll(/HTTP\/1.1 (\d+)/g)].map((m) => m[1])).toEqual(['200', '500', '200']);
    expect(raw).toContain('{"message":"internal server error"}');
  });
});
