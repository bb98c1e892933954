// The routes' contracts validate every request before its handler runs. A refusal keeps lakeFS's texts: the
// catalog's own id rules for path parameters, and a 400 naming the field for queries and bodies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, MergeResult } from '../../../server/http/wire';
import { startWithAdmin, type Client, type TestServer } from './harness';

let server: TestServer;
let api: Client;

beforeAll(async () => {
  ({ server, api } = await startWithAdmin());
  expect((await api.post('/repositories', { name: 'checked', storage_namespace: 'local://checked' })).status).toBe(201);
  await api.upload('checked', 'main', 'a.txt', 'a');
  expect((await api.post('/repositories/checked/branches/main/commits', { message: 'seed' })).status).toBe(201);
});
afterAll(async () => {
  await server.close();
});

async function refusal(answer: Promise<{ status: number; body: unknown }>): Promise<[number, string]> {
  const { status, body } = await answer;
  return [status, (body as ErrorBody).message];
}

describe('path parameters', () => {
  it("are refused with the catalog's own lakeFS texts", async () => {
    expect(await refusal(api.get<ErrorBody>('/repositories/No_Such'))).toEqual([400, 'repository id: invalid value: validation error']);
    expect(await refusal(api.get<ErrorBody>('/repositories/checked/branches/..x'))).toEqual([400, 'branch id: invalid value: validation error']);
    expect(await refusal(api.get<ErrorBody>('/repositories/checked/tags/x.lock'))).toEqual([400, 'tag id: invalid value: validation error']);
  });

  it('name the parameter when a ref is malformed', async () => {
    expect(await refusal(api.get<ErrorBody>('/repositories/checked/refs/a%20b/commits'))).toEqual([
      400,
      'invalid ref: must be a ref without whitespace',
    ]);
  });
});

describe('queries', () => {
  it('name the parameter at fault', async () => {
    expect(await refusal(api.get<ErrorBody>('/repositories?amount=ten'))).toEqual([400, 'invalid query: amount: must be an integer']);
    expect(await refusal(api.get<ErrorBody>('/repositories/checked/refs/main/objects/stat'))).toEqual([
      400,
      'invalid query: path: path is required',
    ]);
    expect(await refusal(api.get<ErrorBody>('/repositories/checked/refs/main/diff/main?type=five_dot'))).toEqual([
      400,
      'invalid query: type: must be two_dot or three_dot',
    ]);
  });

  it('refuse a single-valued parameter given twice, and take a list parameter given once or more', async () => {
    const [status, message] = await refusal(api.get<ErrorBody>('/repositories?amount=1&amount=2'));
    expect(status).toBe(400);
    expect(message).toMatch(/^invalid query: amount: /);
    expect((await api.get('/repositories/checked/refs/main/commits?objects=a.txt')).status).toBe(200);
    expect((await api.get('/repositories/checked/refs/main/commits?objects=a.txt&objects=b.txt')).status).toBe(200);
  });
});

describe('JSON bodies', () => {
  it('name the field at fault', async () => {
    expect(await refusal(api.post<ErrorBody>('/repositories/checked/branches', { name: 5, source: 'main' }))).toEqual([
      400,
      'invalid request body: name: name is required',
    ]);
  });

  it('must be JSON, and present when required', async () => {
    const post = (body: string, type = 'application/json') => api.post<ErrorBody>('/repositories/checked/tags', body, { 'content-type': type });
    expect(await refusal(post('{"id":'))).toEqual([400, 'invalid request body: not valid JSON']);
    expect(await refusal(post(''))).toEqual([400, 'invalid request body: a JSON body is required']);
    // A type our check and the validator after it read differently is still our 415, never a server fault.
    for (const type of ['application/json ;charset=utf-8', 'application/json;']) {
      expect(await refusal(post('{"id":"t1","ref":"main"}', type)), type).toEqual([
        415,
        'unsupported content type: the request body must be application/json',
      ]);
    }
  });

  it('may be empty when optional, even when declared as JSON', async () => {
    expect((await api.post('/repositories/checked/branches', { name: 'side', source: 'main' })).status).toBe(201);
    await api.upload('checked', 'side', 'b.txt', 'b');
    expect((await api.post('/repositories/checked/branches/side/commits', { message: 'side' })).status).toBe(201);
    const merged = await api.post<MergeResult>('/repositories/checked/refs/side/merge/main', '', { 'content-type': 'application/json' });
    expect(merged.status).toBe(200);
    expect(merged.body.reference).toMatch(/^[0-9a-f]{64}$/);
  });
});
