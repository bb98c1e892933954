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
  it('name the parameter at fault, in the words of lakeFS\'s request check', async () => {
    expect(await refusal(api.get<ErrorBody>('/repositories?amount=ten'))).toEqual([
      400,
      'parameter "amount" in query has an error: value ten: an invalid integer: invalid syntax',
    ]);
    expect(await refusal(api.get<ErrorBody>('/repositories/checked/refs/main/objects/stat'))).toEqual([
      400,
      'parameter "path" in query has an error: value is required but missing',
    ]);
    expect(await refusal(api.get<ErrorBody>('/repositories/checked/refs/main/diff/main?type=five_dot'))).toEqual([
      400,
      'parameter "type" in query has an error: value is not one of the allowed values ["two_dot","three_dot"]',
    ]);
  });

  it('refuse a single-valued parameter given twice, and take a list parameter given once or more', async () => {
    expect(await refusal(api.get<ErrorBody>('/repositories?amount=1&amount=2'))).toEqual([
      400,
      'parameter "amount" in query has an error: multiple values for single value parameter',
    ]);
    expect((await api.get('/repositories/checked/refs/main/commits?objects=a.txt')).status).toBe(200);
    expect((await api.get('/repositories/checked/refs/main/commits?objects=a.txt&objects=b.txt')).status).toBe(200);
  });

  it("read booleans as Go's ParseBool does, on every route: Python's True and False included", async () => {
    for (const value of ['1', 't', 'T', 'TRUE', 'true', 'True', '0', 'f', 'F', 'FALSE', 'false', 'False']) {
      const read = await api.raw(`/repositories/checked/refs/main/objects?path=a.txt&presign=${value}`);
      expect(read.status, `presign=${value}`).toBe(200);
      expect(await read.text()).toBe('a');
      const log = await api.get<{ results: unknown[] }>(`/repositories/checked/refs/main/commits?amount=1&limit=${value}`);
      expect(log.status, `limit=${value}`).toBe(200);
      expect((await api.get(`/repositories/checked/refs/main/objects/ls?user_metadata=${value}`)).status, `user_metadata=${value}`).toBe(200);
    }
    for (const value of ['yes', 'tRUE', 'on', '2', 'truee']) {
      expect(await refusal(api.get<ErrorBody>(`/repositories/checked/refs/main/objects/stat?path=a.txt&presign=${value}`))).toEqual([
        400,
        `parameter "presign" in query has an error: value ${value}: an invalid boolean: invalid syntax`,
      ]);
    }
    expect(await refusal(api.get<ErrorBody>('/repositories/checked/refs/main/objects/stat?path=a.txt&presign='))).toEqual([
      400,
      'parameter "presign" in query has an error: empty value is not allowed',
    ]);
  });

  it("refuse a malformed value of every boolean parameter lakeFS's document declares, naming it", async () => {
    // Each boolean query parameter of lakeFS's API with a route that reads it; the call would otherwise succeed or
    // fail later, so a 400 naming the parameter shows the value was read as lakeFS reads it.
    const booleans: Array<[string, string, string]> = [
      ['GET', '/auth/users/admin/policies', 'effective'],
      ['POST', '/repositories', 'bare'],
      ['DELETE', '/repositories/nope', 'force'],
      ['DELETE', '/repositories/checked/tags/nope', 'force'],
      ['GET', '/repositories/checked/branches', 'show_hidden'],
      ['GET', '/repositories/checked/refs/main/commits', 'limit'],
      ['GET', '/repositories/checked/refs/main/commits', 'first_parent'],
      ['DELETE', '/repositories/checked/branches/nope', 'force'],
      ['PUT', '/repositories/checked/branches/main/hard_reset', 'force'],
      ['POST', '/repositories/checked/branches/main/objects', 'force'],
      ['DELETE', '/repositories/checked/branches/main/objects', 'force'],
      ['DELETE', '/repositories/checked/branches/main/objects', 'no_tombstone'],
      ['POST', '/repositories/checked/branches/main/objects/delete', 'no_tombstone'],
      ['GET', '/repositories/checked/refs/main/diff/main', 'include_right_stats'],
      ['GET', '/repositories/checked/refs/main/objects', 'presign'],
      ['GET', '/repositories/checked/refs/main/objects/stat', 'presign'],
      ['GET', '/repositories/checked/refs/main/objects/ls', 'presign'],
      ['GET', '/repositories/checked/branches/main/staging/backing', 'presign'],
      ['GET', '/repositories/checked/refs/main/objects/stat', 'user_metadata'],
      ['GET', '/repositories/checked/refs/main/objects/ls', 'user_metadata'],
    ];
    for (const [method, path, name] of booleans) {
      const writes = method === 'POST' || method === 'PUT';
      const res = await api.raw(`${path}?path=a.txt&${name}=sometimes`, {
        method,
        ...(writes ? { body: '{}', headers: { 'content-type': 'application/json' } } : {}),
      });
      expect(res.status, `${method} ${path} ${name}`).toBe(400);
      expect(((await res.json()) as ErrorBody).message, `${method} ${path} ${name}`).toBe(
        `parameter "${name}" in query has an error: value sometimes: an invalid boolean: invalid syntax`,
      );
    }
  });

  it("read integers as Go's ParseInt with base 0 does, within lakeFS's bounds for amount (-1 to 1000)", async () => {
    const pageSize = async (amount: string) => {
      const res = await api.get<{ pagination: { max_per_page: number }; results: unknown[] }>(`/repositories/checked/refs/main/commits?amount=${amount}`);
      expect(res.status, `amount=${amount}`).toBe(200);
      return res.body.results.length;
    };
    expect(await pageSize('1')).toBe(1);
    expect(await pageSize('%2B1')).toBe(1); // +1
    expect(await pageSize('01')).toBe(1);
    expect(await pageSize('-1')).toBe(2); // -1 and 0 mean the default page; the log has two commits
    expect(await pageSize('0')).toBe(2);
    expect(await pageSize('1000')).toBe(2);
    // The bounds are tested in base 0, where a leading 0 is octal: 01750 is 1000 there, so it passes as 1750.
    expect(await pageSize('01750')).toBe(2);
    for (const [amount, reason] of [
      ['1001', 'number must be at most 1000'],
      ['02000', 'number must be at most 1000'], // 1024 in base 0
      ['-2', 'number must be at least -1'],
      ['1.5', 'value 1.5: an invalid integer: invalid syntax'],
      ['08', 'value 08: an invalid integer: invalid syntax'],
      ['0x1', 'value 0x1: an invalid integer: invalid syntax'], // passes the bounds, not the base-10 binding
      ['1_0', 'value 1_0: an invalid integer: invalid syntax'],
      ['1__0', 'value 1__0: an invalid integer: invalid syntax'],
      ['_1', 'value _1: an invalid integer: invalid syntax'],
      ['99999999999999999999', 'value 99999999999999999999: an invalid integer: value out of range'],
      ['', 'empty value is not allowed'],
    ]) {
      expect(await refusal(api.get<ErrorBody>(`/repositories?amount=${amount}`)), `amount=${amount}`).toEqual([
        400,
        `parameter "amount" in query has an error: ${reason}`,
      ]);
    }
  });

  it('read the part count of a presigned multipart upload as an integer', async () => {
    expect(await refusal(api.post<ErrorBody>('/repositories/checked/branches/main/staging/pmpu?path=x&parts=two'))).toEqual([
      400,
      'parameter "parts" in query has an error: value two: an invalid integer: invalid syntax',
    ]);
  });

  it('check enumerations and dates', async () => {
    expect((await api.get('/repositories/checked/refs/main/diff/main?type=two_dot')).status).toBe(200);
    expect(await refusal(api.get<ErrorBody>('/repositories/checked/pulls?status=merged'))).toEqual([
      400,
      'parameter "status" in query has an error: value is not one of the allowed values ["open","closed","all"]',
    ]);
    expect((await api.get('/repositories/checked/refs/main/commits?since=2020-01-01T00:00:00Z')).status).toBe(200);
    const [status, message] = await refusal(api.get<ErrorBody>('/repositories/checked/refs/main/commits?since=yesterday'));
    expect(status).toBe(400);
    expect(message).toMatch(/^parameter "since" in query has an error: /);
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
