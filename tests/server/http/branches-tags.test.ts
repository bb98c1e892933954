import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Diff, ErrorBody, Ref } from '../../../server/http/wire';
import { objectPath, startWithAdmin, type Client, type Page, type TestServer } from './harness';

let server: TestServer;
let api: Client;

beforeAll(async () => {
  ({ server, api } = await startWithAdmin());
  expect((await api.post('/repositories', { name: 'repo', storage_namespace: 'local://repo' })).status).toBe(201);
  await api.upload('repo', 'main', 'a.txt', 'a');
  await api.upload('repo', 'main', 'dir/b.txt', 'b');
  expect((await api.post('/repositories/repo/branches/main/commits', { message: 'seed' })).status).toBe(201);
});
afterAll(async () => {
  await server.close();
});

const mainHead = async () => (await api.get<Ref>('/repositories/repo/branches/main')).body.commit_id;

describe('branches', () => {
  it('creates a branch from a ref and answers with the commit id as text', async () => {
    const head = await mainHead();
    const res = await api.post<string>('/repositories/repo/branches', { name: 'feature', source: 'main' });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.body).toBe(head);
    expect((await api.get<Ref>('/repositories/repo/branches/feature')).body).toEqual({ id: 'feature', commit_id: head });
    const again = await api.post<ErrorBody>('/repositories/repo/branches', { name: 'feature', source: 'main' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('branch already exists');
  });

  it('creates from a commit id or an expression, but not from staging', async () => {
    const head = await mainHead();
    expect((await api.post('/repositories/repo/branches', { name: 'from-commit', source: head.slice(0, 12) })).status).toBe(201);
    expect((await api.post('/repositories/repo/branches', { name: 'from-parent', source: 'main~1' })).status).toBe(201);
    const staging = await api.post('/repositories/repo/branches', { name: 'from-staging', source: 'main$' });
    expect(staging.status).toBe(400);
    const missing = await api.post('/repositories/repo/branches', { name: 'x', source: 'nope' });
    expect(missing.status).toBe(404);
  });

  it('validates names and bodies', async () => {
    for (const body of [{ name: 'bad name', source: 'main' }, { name: '-dash', source: 'main' }, { name: 'ok' }, { name: 1, source: 'main' }, { name: 'ok', source: 'has space' }]) {
      const res = await api.post<ErrorBody>('/repositories/repo/branches', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message.length).toBeGreaterThan(0);
    }
    expect((await api.get('/repositories/repo/branches/bad%20name')).status).toBe(400);
    expect((await api.get('/repositories/repo/branches/missing')).status).toBe(404);
  });

  it('lists branches with prefix, after and amount', async () => {
    for (const name of ['list-1', 'list-2', 'list-3']) await api.post('/repositories/repo/branches', { name, source: 'main' });
    const first = await api.get<Page<Ref>>('/repositories/repo/branches?prefix=list-&amount=2');
    expect(first.body.results.map((b) => b.id)).toEqual(['list-1', 'list-2']);
    expect(first.body.pagination).toMatchObject({ has_more: true, next_offset: 'list-2' });
    const rest = await api.get<Page<Ref>>('/repositories/repo/branches?prefix=list-&after=list-2');
    expect(rest.body.results.map((b) => b.id)).toEqual(['list-3']);
    expect((await api.get('/repositories/repo/branches?amount=abc')).status).toBe(400);
  });

  it('deletes branches but never the default one', async () => {
    expect((await api.delete('/repositories/repo/branches/list-3')).status).toBe(204);
    expect((await api.get('/repositories/repo/branches/list-3')).status).toBe(404);
    const main = await api.delete<ErrorBody>('/repositories/repo/branches/main');
    expect(main.status).toBe(403);
    expect(main.body.message).toBe('cannot delete repository default branch');
    expect((await api.delete('/repositories/repo/branches/list-3')).status).toBe(404);
  });

  it('resets all changes, one object, or a prefix', async () => {
    await api.post('/repositories/repo/branches', { name: 'resets', source: 'main' });
    const changes = async () =>
      (await api.get<Page<Diff>>('/repositories/repo/branches/resets/diff')).body.results.map((d) => `${d.type} ${d.path}`);
    await api.upload('repo', 'resets', 'new.txt', 'n');
    await api.upload('repo', 'resets', 'a.txt', 'changed');
    await api.upload('repo', 'resets', 'dir/c.txt', 'c');
    await api.delete('/repositories/repo/branches/resets/objects?path=dir/b.txt');
    expect(await changes()).toEqual(['changed a.txt', 'removed dir/b.txt', 'added dir/c.txt', 'added new.txt']);

    expect((await api.put('/repositories/repo/branches/resets', { type: 'object', path: 'a.txt' })).status).toBe(204);
    expect((await api.get<string>(objectPath('repo', 'resets', 'a.txt'))).body).toBe('a');
    expect(await changes()).toEqual(['removed dir/b.txt', 'added dir/c.txt', 'added new.txt']);

    expect((await api.put('/repositories/repo/branches/resets', { type: 'common_prefix', path: 'dir/' })).status).toBe(204);
    expect(await changes()).toEqual(['added new.txt']);

    expect((await api.put('/repositories/repo/branches/resets', { type: 'reset' })).status).toBe(204);
    expect(await changes()).toEqual([]);

    const unknown = await api.put<ErrorBody>('/repositories/repo/branches/resets', { type: 'sideways' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('unknown reset type');
    expect((await api.put('/repositories/repo/branches/resets', { type: 'object' })).status).toBe(400);
    expect((await api.put('/repositories/repo/branches/resets', {})).status).toBe(400);
  });

  it('hard-resets a branch to a ref', async () => {
    await api.post('/repositories/repo/branches', { name: 'hard', source: 'main' });
    await api.upload('repo', 'hard', 'h.txt', 'h');
    await api.post('/repositories/repo/branches/hard/commits', { message: 'h' });
    const res = await api.put(`/repositories/repo/branches/hard/hard_reset?ref=main`);
    expect(res.status).toBe(204);
    expect((await api.get<Ref>('/repositories/repo/branches/hard')).body.commit_id).toBe(await mainHead());
  });
});

describe('tags', () => {
  it('creates, gets, lists and deletes tags', async () => {
    const head = await mainHead();
    const res = await api.post<Ref>('/repositories/repo/tags', { id: 'v1.0', ref: 'main' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: 'v1.0', commit_id: head });
    expect((await api.post('/repositories/repo/tags', { id: 'v1.0', ref: 'main' })).status).toBe(409);
    await api.post('/repositories/repo/tags', { id: 'v1.1', ref: head });
    await api.post('/repositories/repo/tags', { id: 'v2.0', ref: 'main~1' });
    expect((await api.get<Ref>('/repositories/repo/tags/v1.0')).body.commit_id).toBe(head);
    const page = await api.get<Page<Ref>>('/repositories/repo/tags?prefix=v1&amount=1');
    expect(page.body.results.map((t) => t.id)).toEqual(['v1.0']);
    expect(page.body.pagination).toMatchObject({ has_more: true, next_offset: 'v1.0' });
    const after = await api.get<Page<Ref>>('/repositories/repo/tags?after=v1.0');
    expect(after.body.results.map((t) => t.id)).toEqual(['v1.1', 'v2.0']);
    // A tag is a ref: objects can be read through it.
    expect((await api.get<string>(objectPath('repo', 'v1.0', 'a.txt'))).body).toBe('a');
    expect((await api.delete('/repositories/repo/tags/v1.1')).status).toBe(204);
    expect((await api.get('/repositories/repo/tags/v1.1')).status).toBe(404);
  });

  it('rejects malformed tag ids and refs', async () => {
    for (const id of ['bad..id', 'has space', '@', 'x.lock', 'a:b']) {
      expect((await api.post('/repositories/repo/tags', { id, ref: 'main' })).status, id).toBe(400);
    }
    expect((await api.post('/repositories/repo/tags', { id: 'ok-tag', ref: 'missing-ref' })).status).toBe(404);
    expect((await api.post('/repositories/repo/tags', { id: 'ok-tag' })).status).toBe(400);
  });
});
