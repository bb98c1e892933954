/**
 * The yardsticks of the HTTP load: a bare node:http server and a bare Hono app (on @hono/node-server, as Tarn
 * runs), each answering every GET with the same object-stat-sized JSON and doing nothing else. What Tarn costs
 * beyond them is the price of its framework setup, authentication and catalog.
 *
 * `tsx bench/bare-server.ts node|hono`: listens on a free loopback port and prints `listening on http://host:port`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { bareAnswer } from './bare-answer';

function bareNode(): http.Server {
  const body = Buffer.from(bareAnswer);
  return http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
    res.end(body);
  });
}

function bareHono(): http.Server {
  const app = new Hono();
  app.get('*', (c) => c.body(bareAnswer, 200, { 'content-type': 'application/json' }));
  return createAdaptorServer({ fetch: app.fetch }) as http.Server;
}

const kind = process.argv[2];
if (kind !== 'node' && kind !== 'hono') {
  console.error('usage: tsx bench/bare-server.ts node|hono');
  process.exit(2);
}
const server = kind === 'node' ? bareNode() : bareHono();
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  const { address, port } = server.address() as AddressInfo;
  console.log(`listening on http://${address}:${port}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)).closeAllConnections());
