// The console's assets: named by their content, so cached for good by browsers, and served from memory (gzipped for
// a browser that takes it) once read; what is too large to hold is streamed from disk, as the build gzipped it when it
// did, for a browser that takes gzip.
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
const script = `export const rows = [${Array.from({ length: 2000 }, (_, i) => `"row-${i}"`).join(', ')}];\n`;
const large = Buffer.alloc(2 * 1024 * 1024 + 1, 7);
const packed = Buffer.from(Array.from({ length: 3 * 1024 * 1024 }, (_, i) => (i * 7919) % 251));

beforeAll(async () => {
  server = await startTestServer();
  writeFileSync(join(server.consoleDir, 'index.html'), '<!doctype html><title>Tarn</title>');
  mkdirSync(join(server.consoleDir, 'assets'));
  writeFileSync(join(server.consoleDir, 'assets', 'rows-abc123.js'), script);
  writeFileSync(join(server.consoleDir, 'assets', 'engine-abc123.wasm'), large);
  writeFileSync(join(server.consoleDir, 'assets', 'packed-abc123.wasm'), packed);
  writeFileSync(join(server.consoleDir, 'assets', 'packed-abc123.wasm.gz'), gzipSync(packed));
}, 60_000);
afterAll(async () => {
  await server.close();
});

/** A GET as a browser sends it, with the raw answer (fetch would undo the gzip itself). */
function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

type Answer = Awaited<ReturnType<typeof get>>;

/** An immutable asset sent gzipped: its type, its length, smaller by four at least, and `original` once unpacked. */
function expectGzipped(answer: Answer, contentType: string, original: Buffer): void {
  expect(answer.status).toBe(200);
  expect(answer.headers['content-encoding']).toBe('gzip');
  expect(answer.headers.vary).toBe('accept-encoding');
  expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(answer.headers['content-type']).toBe(contentType);
  expect(Number(answer.headers['content-length'])).toBe(answer.body.byteLength);
  expect(answer.body.byteLength).toBeLessThan(original.byteLength / 4);
  expect(gunzipSync(answer.body).equals(original)).toBe(true);
}

describe('console assets', () => {
  it('gives a browser that takes gzip the script gzipped, the same bytes once unpacked, cached for good', async () => {
    for (let i = 0; i < 2; i++) {
      const answer = await get('/assets/rows-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
      expectGzipped(answer, 'text/javascript; charset=utf-8', Buffer.from(script, 'utf8'));
    }
  });

  it('gives a client that does not take gzip the plain bytes', async () => {
    const answer = await get('/assets/rows-abc123.js');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.toString('utf8')).toBe(script);
  });

  it('streams an asset too large to hold, as it is on disk', async () => {
    const answer = await get('/assets/engine-abc123.wasm', { 'accept-encoding': 'gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['content-type']).toBe('application/wasm');
    expect(answer.body.equals(large)).toBe(true);
  });

  it("streams the build's gzip of an asset too large to hold to a browser that takes gzip, the plain bytes to one that does not", async () => {
    const answer = await get('/assets/packed-abc123.wasm', { 'accept-encoding': 'gzip, deflate, br' });
    expectGzipped(answer, 'application/wasm', packed);
    const plain = await get('/assets/packed-abc123.wasm', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.body.equals(packed)).toBe(true);
  });

  it('answers a missing asset 404, not the page', async () => {
    expect((await get('/assets/missing-abc123.js', { 'accept-encoding': 'gzip' })).status).toBe(404);
  });
});
