// Every served route, fed malformed input: always a 4xx JSON answer whose message says something, never a 500.
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
            await res.arrayBuffer();
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
          await res.arrayBuffer();
          continue;
        }
        await expectClientError(res, `${route.method} ${url}`, route.unoffered);
      }
    }
  });

  it('refuses bodies larger than the JSON limit', async () => {
    const huge = JSON.stringify({ message: 'x'.repeat(2 * 1024 * 1024) });
    const res = await api.raw('/repositories/fuzz/branches/main/commits', { method: 'POST', body: huge, headers: { 'content-type': 'application/json' } });
    await expectClientError(res, 'oversized commit body');
  });

  it('the server still works afterwards', async () => {
    expect((await api.get('/repositories/fuzz/refs/main/objects/stat?path=a.txt')).status).toBe(200);
  });
});
