// The object reads answered without the app (server/http/direct-routes.ts) answer byte for byte as the app does, and
// leave everything but the plain case to it.
import type { IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalog } from '../../../server/catalog';
import { directRoutes } from '../../../server/http/direct-routes';
import { objectDirectRoutes } from '../../../server/http/routes/objects';
import { addUser, client, startWithAdmin, type Client, type TestServer } from './harness';

let server: TestServer;
let api: Client;
let authorization = '';

beforeAll(async () => {
  ({ server, authorization, api } = await startWithAdmin());
  expect((await api.post('/repositories', { name: 'fast', storage_namespace: 'local://fast' })).status).toBe(201);
  expect((await api.upload('fast', 'main', 'dir/a file.txt', 'hello, direct', { 'x-lakefs-meta-owner': 'ops' })).status).toBe(201);
  expect((await api.post('/repositories/fast/branches/main/commits', { message: 'one' })).status).toBe(201);
  expect((await api.upload('fast', 'main', 'staged.csv', 'a,b\n1,2\n', { 'content-type': 'text/csv' })).status).toBe(201);
});
afterAll(async () => {
  await server.close();
});

/** The whole answer as it came over the wire, with its Date header (the only part that moves) blanked. */
function rawAnswer(target: string, headers: Record<string, string>): Promise<string> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      const lines = Object.entries({ host: `${hostname}:${port}`, connection: 'close', ...headers }).map(([k, v]) => `${k}: ${v}\r\n`);
      socket.write(`GET /api/v1${target} HTTP/1.1\r\n${lines.join('')}\r\n`);
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1').replace(/\r\nDate: [^\r]*/, '\r\nDate: -')));
    socket.on('error', reject);
  });
}

// An unknown query parameter, which the app ignores, makes the call the app's.
const viaApp = (target: string) => `${target}&unknown=1`;

const claims = directRoutes(objectDirectRoutes({} as Catalog), {
  apiPrefix: '/api/v1',
  identify: () => Promise.reject(new Error('not called when claiming')),
  onSignedIn: () => undefined,
  guard: { require: () => Promise.reject(new Error('not called when claiming')) },
});
const claimed = (method: string, url: string, headers: Record<string, string> = { authorization: 'Basic eDp5' }) =>
  claims({ method, url, headers } as unknown as IncomingMessage)?.operation;

describe('direct object reads', () => {
  it('claims only a plain GET of a stat or an object signed with a Basic or Bearer header', () => {
    expect(claimed('GET', '/api/v1/repositories/r/refs/main/objects/stat?path=a%2Fb')).toBe('statObject');
    expect(claimed('GET', '/api/v1/repositories/r/refs/main/objects?path=a')).toBe('getObject');
    expect(claimed('GET', '/api/v1/repositories/r/refs/main/objects?path=a', { authorization: 'Bearer t' })).toBe('getObject');
    expect(claimed('HEAD', '/api/v1/repositories/r/refs/main/objects?path=a')).toBeUndefined();
    expect(claimed('GET', '/api/v1/repositories/r/refs/main/objects?path=a', {})).toBeUndefined();
    expect(claimed('GET', '/api/v1/repositories/r/refs/main/objects?path=a', { authorization: 'AWS4-HMAC-SHA256 Credential=x' })).toBeUndefined();
    expect(claimed('GET', '/api/v1/repositories/r/refs/ma%69n/objects?path=a')).toBeUndefined();
    expect(claimed('GET', '/api/v1/repositories/r/refs/main/objects?path=%C3%A9')).toBeUndefined();
    expect(claimed('GET', '/api/v1/repositories/r/refs/main/objects/ls?path=a')).toBeUndefined();
  });

  it('answers a stat byte for byte as the app does, committed or staged', async () => {
    const headers = { authorization, 'x-request-id': 'same-id' };
    for (const target of [
      '/repositories/fast/refs/main/objects/stat?path=dir%2Fa+file.txt',
      '/repositories/fast/refs/main/objects/stat?path=staged.csv&user_metadata=false',
      '/repositories/fast/refs/main@/objects/stat?path=dir/a%20file.txt&presign=false',
    ]) {
      const direct = await rawAnswer(target, headers);
      expect(direct).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(direct).toBe(await rawAnswer(viaApp(target), headers));
    }
  });

  it('answers an object byte for byte as the app does', async () => {
    const headers = { authorization, 'x-request-id': 'same-id' };
    for (const target of ['/repositories/fast/refs/main/objects?path=dir%2Fa%20file.txt', '/repositories/fast/refs/main/objects?path=staged.csv']) {
      const direct = await rawAnswer(target, headers);
      expect(direct).toMatch(/^HTTP\/1\.1 200 OK\r\n[^]*\r\n\r\n(hello, direct|a,b\n1,2\n)$/);
      expect(direct).toBe(await rawAnswer(viaApp(target), headers));
    }
  });

  it('leaves every other answer to the app: missing, refused, invalid, wrong credentials, ranges', async () => {
    const headers = { authorization, 'x-request-id': 'same-id' };
    const reader = await addUser(api, 'no-rights');
    for (const [target, sent, status] of [
      ['/repositories/fast/refs/main/objects/stat?path=nothing', headers, 404],
      ['/repositories/fast/refs/nowhere/objects/stat?path=staged.csv', headers, 404],
      ['/repositories/fast/refs/main/objects/stat?path=staged.csv', { ...headers, authorization: reader.authorization }, 401],
      ['/repositories/fast/refs/main/objects/stat?path=staged.csv', { ...headers, authorization: 'Basic d3Jvbmc6a2V5' }, 401],
      ['/repositories/fast/refs/main/objects/stat?path=staged.csv&presign=maybe', headers, 400],
      ['/repositories/fast/refs/main/objects/stat?path=', headers, 400],
      ['/repositories/Bad_Repo/refs/main/objects/stat?path=staged.csv', headers, 400],
      ['/repositories/fast/refs/main/objects?path=staged.csv&path=other', headers, 400],
      ['/repositories/fast/refs/main/objects?path=staged.csv', { ...headers, range: 'bytes=0-2' }, 206],
      ['/repositories/fast/refs/main/objects?path=staged.csv', { ...headers, 'if-none-match': '*' }, 304],
    ] as const) {
      const answer = await rawAnswer(target, sent);
      expect(answer.slice(0, 12)).toBe(`HTTP/1.1 ${status}`);
      expect(answer).toBe(await rawAnswer(viaApp(target), sent));
    }
  });

  it('counts and logs a direct answer under its operation, as the app does', async () => {
    const admin = client(server, authorization);
    expect((await admin.get('/repositories/fast/refs/main/objects/stat?path=staged.csv')).status).toBe(200);
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).toMatch(/tarn_http_requests_total\{operation="statObject",status="200"\} [1-9]/);
    expect(metrics).toMatch(/tarn_http_requests_total\{operation="getObject",status="200"\} [1-9]/);
  });
});

/** An upload as raw bytes, with the answer as it came over the wire (its Date and the new object's address and mtime blanked). */
function rawUpload(target: string, body: string, headers: Record<string, string>): Promise<string> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      const all = { host: `${hostname}:${port}`, connection: 'close', 'content-length': String(Buffer.byteLength(body)), ...headers };
      const lines = Object.entries(all).map(([k, v]) => `${k}: ${v}\r\n`);
      socket.write(`POST /api/v1${target} HTTP/1.1\r\n${lines.join('')}\r\n${body}`);
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () =>
      resolve(
        Buffer.concat(chunks)
          .toString('latin1')
          .replace(/\r\nDate: [^\r]*/, '\r\nDate: -')
          .replace(/"physical_address":"[^"]*"/, '"physical_address":"-"')
          .replace(/"mtime":\d+/, '"mtime":0'),
      ),
    );
    socket.on('error', reject);
  });
}

describe('direct uploads', () => {
  it('answers a small raw upload byte for byte as the app does, and stores it', async () => {
    const headers = { authorization, 'x-request-id': 'same-id', 'content-type': 'text/plain' };
    const target = '/repositories/fast/branches/main/objects?path=up%2Fone.txt';
    const direct = await rawUpload(target, 'uploaded directly', headers);
    expect(direct).toMatch(/^HTTP\/1\.1 201 Created\r\n/);
    expect(direct).toBe(await rawUpload(viaApp(target), 'uploaded directly', headers));
    const read = await api.get('/repositories/fast/refs/main/objects?path=up%2Fone.txt');
    expect(read.body).toBe('uploaded directly');
  });

  it('answers a failure once the body is read as the app does, and leaves one found before to the app', async () => {
    const headers = { authorization, 'x-request-id': 'same-id' };
    const reader = await addUser(api, 'no-writes');
    for (const [target, sent, status] of [
      ['/repositories/fast/branches/nowhere/objects?path=lost.txt', headers, 404],
      ['/repositories/gone/branches/main/objects?path=lost.txt', headers, 404],
      ['/repositories/fast/branches/main/objects?path=lost.txt', { ...headers, authorization: reader.authorization }, 401],
      ['/repositories/fast/branches/main/objects?path=lost.txt&force=perhaps', headers, 400],
    ] as const) {
      const answer = await rawUpload(target, 'x', sent);
      expect(answer.slice(0, 12)).toBe(`HTTP/1.1 ${status}`);
      expect(answer).toBe(await rawUpload(viaApp(target), 'x', sent));
    }
  });

  it('leaves conditional and annotated uploads to the app, which honours them', async () => {
    const once = { 'if-none-match': '*' };
    expect((await api.upload('fast', 'main', 'up/once.txt', 'first', once)).status).toBe(201);
    expect((await api.upload('fast', 'main', 'up/once.txt', 'second', once)).status).toBe(412);
    expect((await api.upload('fast', 'main', 'up/meta.txt', 'm', { 'x-lakefs-meta-owner': 'ops' })).status).toBe(201);
    const stat = await api.get<{ metadata: Record<string, string> }>('/repositories/fast/refs/main/objects/stat?path=up/meta.txt');
    expect(stat.body.metadata).toEqual({ owner: 'ops' });
  });
});
