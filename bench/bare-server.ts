/**
 * The yardsticks of the HTTP load: a bare node:http server and a bare Hono app (on @hono/node-server, as Tarn
 * runs), each answering every GET with the same object-stat-sized JSON and doing nothing else. What Tarn costs
 * beyond them is the price of its framework setup, authentication and catalog.
 *
 * The third, `files`, is the yardstick of an upload: a bare node:http server that keeps each request's body as a
 * file of its own, as the local object store does (written to a temporary name in the thread pool, then renamed
 * into a data folder), and answers the same JSON. It records nothing else, so what an upload costs beyond it is
 * Tarn's, and what it costs itself is the file system's.
 *
 * `tsx bench/bare-server.ts node|hono|files`: listens on a free loopback port and prints `listening on
 * http://host:port`; `files` writes into a temporary folder that it removes when it stops.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

function bareFiles(dir: string): http.Server {
  const body = Buffer.from(bareAnswer);
  const temp = join(dir, 'tmp');
  const data = join(dir, 'data');
  mkdirSync(temp);
  mkdirSync(data);
  return http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const name = randomBytes(16).toString('hex');
      writeFile(join(temp, name), Buffer.concat(chunks), { mode: 0o600 })
        .then(() => rename(join(temp, name), join(data, name)))
        .then(
          () => {
            res.writeHead(201, { 'content-type': 'application/json', 'content-length': body.length });
            res.end(body);
          },
          () => {
            res.writeHead(500);
            res.end();
          },
        );
    });
  });
}

const kind = process.argv[2];
if (kind !== 'node' && kind !== 'hono' && kind !== 'files') {
  console.error('usage: tsx bench/bare-server.ts node|hono|files');
  process.exit(2);
}
const filesDir = kind === 'files' ? mkdtempSync(join(tmpdir(), 'tarn-bare-files-')) : undefined;
if (filesDir) process.once('exit', () => rmSync(filesDir, { recursive: true, force: true }));
const server = kind === 'node' ? bareNode() : filesDir ? bareFiles(filesDir) : bareHono();
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  const { address, port } = server.address() as AddressInfo;
  console.log(`listening on http://${address}:${port}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)).closeAllConnections());
