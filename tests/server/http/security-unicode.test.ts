// Defect 1 of the security review: a lone UTF-16 surrogate in a JSON string reached the metadata store, which
// cannot encode it, and the request answered 500 with a stack trace in the log. Every string a request carries is
// now checked at the input boundary: a 400 naming the field, and one log line without a stack.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatFailure } from '../../../server/http/failure-log';
import type { ErrorBody } from '../../../server/http/wire';
import { captureLog, startWithAdmin, type Client, type TestServer } from './harness';

// JSON.stringify escapes a lone surrogate as \udXXX, which is exactly what a hostile client sends.
const lone = 'a\ud800b';

let server: TestServer;
let api: Client;
const captured = captureLog();
/** The failure lines' messages: each failed request also has its request line, which says only its status. */
const failures = () => captured.entries().flatMap((entry) => (entry.msg === 'request' || typeof entry.msg !== 'string' ? [] : [entry.msg]));

beforeAll(async () => {
  ({ server, api } = await startWithAdmin({ quiet: false, logger: captured.logger }));
  expect((await api.post('/repositories', { name: 'uni', storage_namespace: 'local://uni' })).status).toBe(201);
  expect((await api.upload('uni', 'main', 'a.txt', 'a')).status).toBe(201);
  expect((await api.post('/repositories/uni/branches/main/commits', { message: 'seed' })).status).toBe(201);
});
afterAll(async () => {
  await server.close();
});

/** Posts a JSON body with the admin's credentials (login is public, and the credentials do not matter to it). */
async function call(path: string, body: unknown): Promise<{ status: number; message: string }> {
  const answer = await api.post<ErrorBody>(path, body);
  return { status: answer.status, message: answer.body.message };
}

describe('defect 1: lone surrogates in request strings are a 400 naming the field', () => {
  const cases: Array<[label: string, path: string, body: Record<string, unknown>, field: string]> = [
    ['login access key id', '/auth/login', { access_key_id: lone, secret_access_key: 'x' }, 'access_key_id'],
    ['branch source', '/repositories/uni/branches', { name: 'b1', source: lone }, 'source'],
    ['revert ref', '/repositories/uni/branches/main/revert', { ref: lone, parent_number: 0 }, 'ref'],
    ['cherry-pick ref', '/repositories/uni/branches/main/cherry-pick', { ref: lone }, 'ref'],
    ['tag id', '/repositories/uni/tags', { id: lone, ref: 'main' }, 'id'],
    ['tag ref', '/repositories/uni/tags', { id: 't1', ref: lone }, 'ref'],
    ['commit metadata value', '/repositories/uni/branches/main/commits', { message: 'm', metadata: { k: lone } }, 'metadata.k'],
    ['bulk delete path', '/repositories/uni/branches/main/objects/delete', { paths: ['ok', lone] }, 'paths.1'],
  ];

  for (const [label, path, body, field] of cases) {
    it(`${label}`, async () => {
      const before = failures().length;
      const answer = await call(path, body);
      expect(answer.status, label).toBe(400);
      expect(answer.message).toBe(`invalid request body: ${field}: must be well-formed unicode text (it holds a lone surrogate)`);
      // One line in the log for the failed request, and no stack: a client error is not a server fault.
      const entries = failures().slice(before);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatch(/^POST \/api\/v1\/\S+ -> 400 invalid request body: /);
      expect(entries[0]).not.toContain('\n');
    });
  }

  it('an object key with a lone surrogate is named with U+FFFD in its place', async () => {
    const answer = await call('/repositories/uni/branches/main/commits', { message: 'm', metadata: { [lone]: 'v' } });
    expect(answer.status).toBe(400);
    expect(answer.message).toContain('metadata.a\ufffdb: must be well-formed unicode text');
  });

  it('well-formed astral characters (a surrogate pair) are still accepted', async () => {
    expect((await api.upload('uni', 'main', 'wave-🌊.txt', 'w')).status).toBe(201);
    const commit = await api.post<ErrorBody>('/repositories/uni/branches/main/commits', { message: 'waves 🌊' });
    expect(commit.status).toBe(201);
    expect(commit.body.message).toBe('waves 🌊');
  });

  it('percent-encoded surrogates in path parameters and queries are never a server error', async () => {
    const encoded = '%ED%A0%80';
    const urls = [
      `/repositories/uni/refs/a${encoded}/commits`,
      `/repositories/uni/branches/a${encoded}`,
      `/repositories/uni/tags/a${encoded}`,
      `/repositories/uni/refs/main/objects/ls?prefix=a${encoded}`,
      `/repositories/uni/refs/main/objects/ls?after=a${encoded}`,
      `/repositories/uni/refs/main/objects/stat?path=a${encoded}`,
      `/repositories/uni/refs/main/commits?objects=a${encoded}`,
      `/repositories/uni/branches?after=a${encoded}`,
    ];
    for (const url of urls) {
      const res = await api.raw(url);
      await res.arrayBuffer();
      expect(res.status, url).toBeLessThan(500);
    }
    expect(failures().filter((entry) => / -> 5\d\d /.test(entry))).toEqual([]);
    expect(captured.entries().filter((entry) => entry.level === 50)).toEqual([]);
  });
});

describe('defect 1: the failure log', () => {
  it('keeps the stack for server faults only', () => {
    const fault = new Error('boom');
    const serverFault = formatFailure({ method: 'GET', path: '/api/v1/x', status: 500, message: 'internal server error', fault });
    expect(serverFault.split('\n')[0]).toBe('GET /api/v1/x -> 500 internal server error');
    expect(serverFault).toContain('Error: boom');
    expect(formatFailure({ method: 'GET', path: '/api/v1/x', status: 404, message: 'branch not found' })).toBe('GET /api/v1/x -> 404 branch not found');
  });

  it('cannot be made to write extra lines by a crafted path or message', () => {
    const entry = formatFailure({ method: 'GET', path: '/a\nGET /forged -> 200', status: 400, message: 'bad\r\nthing' });
    expect(entry).not.toMatch(/[\r\n]/);
    expect(entry).toContain('/a\\x0aGET');
  });
});
