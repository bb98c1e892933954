// Every served route, fed malformed input: always a 4xx JSON answer whose message says something, never a 500.
import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithAdmin, type Client, type TestServer } from './harness';

let server: TestServer;
let api: Client;
let routes: Array<{ method: string; path: string; takesBody: boolean; unoffered: boolean }> = [];

interface PublishedOperation {
  requestBody?: unknown;
  responses: Record<string, unknown>;
}

beforeAll(async () => {
  ({ server, api } = await startWithAdmin());
  expect((await api.post('/repositories', { name: 'fuzz', storage_namespace: 'local://fuzz' })).status).toBe(201);
  await api.upload('fuzz', 'main', 'a.txt', 'a');
  await api.post('/repositories/fuzz/branches/main/commits', { message: 'seed' });
  const doc = (await (await fetch(`${server.api}/openapi.json`)).json()) as { paths: Record<string, Record<string, PublishedOperation>> };
  routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([m]) => m !== 'head')
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        takesBody: op.requestBody !== undefined,
        // lakeFS Enterprise's calls answer 501 to anything.
        unoffered: '501' in op.responses,
      })),
  );
});
afterAll(async () => {
  await server.close();
});

const goodParams: Record<string, string> = {
  repository: 'fuzz',
  branch: 'main',
  destinationBranch: 'main',
  tag: 'v1',
  ref: 'main',
  leftRef: 'main',
  rightRef: 'main',
  sourceRef: 'main',
  commitId: 'main',
};

const badParamValues = ['..', '%2e%2e%2fetc', '%00', 'x'.repeat(300), '%F0%9F%8C%8A', 'A%20B', '%ff'];

function fill(path: string, override?: [string, string]): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => (override && override[0] === name ? override[1] : (goodParams[name] ?? 'x')));
}

/** Reads an accepted answer to its end; a live event stream never ends by itself, so its body is dropped. */
async function drain(res: Response): Promise<void> {
  if ((res.headers.get('content-type') ?? '').startsWith('text/event-stream')) await res.body?.cancel();
  else await res.arrayBuffer();
}

async function expectClientError(res: Response, what: string, unoffered = false): Promise<void> {
  expect(res.status, `${what} → ${res.status}`).toBeGreaterThanOrEqual(400);
  if (!(unoffered && res.status === 501)) expect(res.status, `${what} → ${res.status}`).toBeLessThan(500);
  if (res.status !== 416) {
    expect(res.headers.get('content-type'), what).toContain('application/json');
    const body = (await res.json()) as { message?: unknown };
    expect(typeof body.message, what).toBe('string');
    expect((body.message as string).length, what).toBeGreaterThan(0);
  } else await res.arrayBuffer();
}

const bodies: Array<[string, string]> = [
  ['malformed JSON', '{"name": '],
  ['a JSON array', '[1,2,3]'],
  ['a JSON string', '"text"'],
  ['null', 'null'],
  ['wrong field types', '{"name": 5, "source": [], "id": {}, "ref": 1, "message": 2, "type": 3, "paths": "x", "events": 1, "strategy": 7, "metadata": "m", "continuation_token": 9}'],
];

describe('malformed input never crashes a route', () => {
  it('covers a real route table', () => {
    expect(routes.length).toBeGreaterThan(30);
  });

  it('bodies: malformed JSON, wrong shapes and wrong types', async () => {
    // A route that takes no body (a refs dump, say) does not read one.
    for (const route of routes.filter((r) => (r.method === 'POST' || r.method === 'PUT') && r.takesBody)) {
      if (route.path.endsWith('/objects')) continue; // uploads take any bytes as content
      for (const [label, body] of bodies) {
        const res = await api.raw(fill(route.path), { method: route.method, body, headers: { 'content-type': 'application/json' } });
        await expectClientError(res, `${route.method} ${route.path} with ${label}`);
      }
    }
  });

  it('path parameters: traversal, NUL, overlong, non-ASCII, bad escapes', async () => {
    for (const route of routes) {
      for (const name of route.path.match(/\{(\w+)\}/g)?.map((p) => p.slice(1, -1)) ?? []) {
        for (const value of badParamValues) {
          const url = fill(route.path, [name, value]);
          const res = await api.raw(url, {
            method: route.method,
            ...(route.method === 'POST' || route.method === 'PUT' ? { body: '{}', headers: { 'content-type': 'application/json' } } : {}),
          });
          if (res.status < 400) {
            // Some values are legal here (e.g. a long ref that happens to resolve is impossible, but an object upload
            // with `{}` as content is fine): only crashes are wrong.
            await drain(res);
            continue;
          }
          await expectClientError(res, `${route.method} ${url}`, route.unoffered);
        }
      }
    }
  });

  it('query parameters: wrong types for amounts and flags', async () => {
    const queries = ['amount=ten', 'amount=1.5', 'user_metadata=maybe', 'force=sure', 'show_hidden=2', 'type=five_dot', 'since=not-a-date', 'presign=x'];
    for (const route of routes.filter((r) => r.method === 'GET' || r.method === 'DELETE')) {
      // A DELETE whose query is fine would really delete: only send it a flag that must be refused.
      for (const query of route.method === 'DELETE' ? ['force=sure'] : queries) {
        const url = `${fill(route.path)}${route.path.includes('?') ? '&' : '?'}${query}&path=a.txt`;
        const res = await api.raw(url, { method: route.method });
        if (res.status < 400) {
          await drain(res);
          continue;
        }
        await expectClientError(res, `${route.method} ${url}`, route.unoffered);
      }
    }
  });

  it('a body nested 20,000 levels deep is a 400 on every route that reads JSON, signed in or not', async () => {
    const levels = 20_000;
    const deep = `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
    expect(deep.length).toBeGreaterThan(119_000);
    const withBody = routes.filter((r) => (r.method === 'POST' || r.method === 'PUT' || r.method === 'PATCH') && r.takesBody);
    expect(withBody.length).toBeGreaterThan(30);
    for (const route of withBody) {
      if (route.path.endsWith('/objects')) continue; // uploads take any bytes as content
      const res = await api.raw(fill(route.path), { method: route.method, body: deep, headers: { 'content-type': 'application/json' } });
      await expectClientError(res, `${route.method} ${route.path} with a deep body`, route.unoffered);
      if (res.status !== 501) expect(res.status, `${route.method} ${route.path}`).toBe(400);
    }
    // The calls anyone may make read the body before any login.
    for (const path of ['/setup_lakefs', '/setup_comm_prefs', '/auth/login', '/auth/password']) {
      const res = await fetch(`${server.api}${path}`, { method: 'POST', body: deep, headers: { 'content-type': 'application/json' } });
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { message: string }).message, path).toMatch(/nested more than 1000 levels/);
    }
  });

  it('refuses bodies larger than the JSON limit', async () => {
    const huge = JSON.stringify({ message: 'x'.repeat(2 * 1024 * 1024) });
    // On a connection of its own: the server answers before reading the whole body and the connection ends with the
    // answer; a pooled client that then reuses its socket can wedge (seen with Node's fetch), which is not the point here.
    const res = await onOwnConnection(`${server.api}/repositories/fuzz/branches/main/commits`, {
      method: 'POST',
      headers: { ...api.headers, 'content-type': 'application/json' },
      body: huge,
    });
    await expectClientError(res, 'oversized commit body');
  });

  it('the server still works afterwards', async () => {
    expect((await api.get('/repositories/fuzz/refs/main/objects/stat?path=a.txt')).status).toBe(200);
  });
});

/** One request on a connection no other request shares, answered as a Response. */
function onOwnConnection(url: string, o: { method: string; headers: Record<string, string>; body: string }): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: o.method, headers: o.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') headers.set(name, value);
        resolve(new Response(Buffer.concat(chunks), { status: res.statusCode ?? 0, headers }));
      });
    });
    // The server may close the connection before it has read the whole body.
    req.on('error', (err: NodeJS.ErrnoException) => (err.code === 'EPIPE' || err.code === 'ECONNRESET' ? undefined : reject(err)));
    req.end(o.body);
  });
}

/** Sends one raw HTTP/1.1 request and reads what comes back until the server closes or the answer is complete. */
function rawExchange(url: string, request: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(request));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('methods no route answers', () => {
  it('CONNECT gets a 501 with a message, not a closed socket', async () => {
    const host = new URL(server.url).host;
    const answer = await rawExchange(server.url, `CONNECT ${host} HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 501 /);
    expect(answer).toContain('"message":"method CONNECT is not supported');
  });

  it('a method no route knows (TRACE, PROPFIND) is a 501 naming the methods Tarn answers', async () => {
    const host = new URL(server.url).host;
    for (const method of ['TRACE', 'PROPFIND']) {
      const answer = await rawExchange(server.url, `${method} /api/v1/repositories HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect(answer, method).toMatch(/^HTTP\/1\.1 501 /);
      expect(answer.toLowerCase()).toContain('\r\nallow: get, head, post, put, delete, patch, options\r\n');
      expect(answer).toContain(`{"message":"method ${method} is not supported: Tarn answers GET, HEAD, POST, PUT, DELETE, PATCH, OPTIONS"}`);
    }
  });

  it('a method the HTTP parser cannot read is a 501 too', async () => {
    const host = new URL(server.url).host;
    const answer = await rawExchange(server.url, `BREW /api/v1/repositories HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 501 /);
    expect(answer).toContain('"message":"the request method is not supported"');
  });

  it('the server still answers afterwards', async () => {
    expect((await api.get('/repositories')).status).toBe(200);
  });
});
