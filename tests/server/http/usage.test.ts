// Storage insights (GET .../refs/{ref}/usage): objects and bytes under each child of a prefix, over the real HTTP stack
// and a real SQLite file, equal to the sums of a full listing of the same ref, staged changes of a branch counted in;
// any ref lakeFS resolves; lakeFS's errors; the permission a listing needs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Commit, ErrorBody, ObjectStatsList, PrefixUsage } from '../../../server/http/wire';
import { addUser, client, startWithAdmin, type Client, type TestServer } from './harness';
import { sumsUnder } from '../usage-sums';

let server: TestServer;
let api: Client;
const repo = 'insights';

const usage = (ref: string, query: Record<string, string> = {}, caller = api) =>
  caller.get<PrefixUsage>(`/repositories/${repo}/refs/${encodeURIComponent(ref)}/usage?${new URLSearchParams(query).toString()}`);

/** Every object of a ref by a full listing: path → size. */
async function listing(ref: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  let after = '';
  for (;;) {
    const res = await api.get<ObjectStatsList>(`/repositories/${repo}/refs/${encodeURIComponent(ref)}/objects/ls?${new URLSearchParams({ after, amount: '1000' }).toString()}`);
    expect(res.status).toBe(200);
    for (const o of res.body.results) out.set(o.path, o.size_bytes ?? 0);
    if (!res.body.pagination.has_more) return out;
    after = res.body.pagination.next_offset;
  }
}

/** What a listing says the usage of a prefix is: children in path order. */
async function expectListingSums(ref: string, prefix: string): Promise<PrefixUsage> {
  const res = await usage(ref, { prefix, delimiter: '/' });
  expect(res.status).toBe(200);
  const want = sumsUnder(await listing(ref), prefix);
  expect(res.body.totals).toEqual(want.totals);
  expect([...res.body.children].sort((a, b) => (a.path < b.path ? -1 : 1))).toEqual(want.children);
  return res.body;
}

const files: Record<string, string> = {
  'images/cat.png': 'c'.repeat(3000),
  'images/dog.png': 'd'.repeat(2000),
  'images/raw/big.tiff': 'b'.repeat(9000),
  'docs/guide.md': 'g'.repeat(400),
  'docs/api/index.html': 'h'.repeat(250),
  'README.md': 'r'.repeat(120),
};
let first: Commit;

beforeAll(async () => {
  ({ server, api } = await startWithAdmin());
  expect((await api.post('/repositories', { name: repo, storage_namespace: `local://${repo}` })).status).toBe(201);
  for (const [path, content] of Object.entries(files)) expect((await api.upload(repo, 'main', path, content)).status).toBe(201);
  const res = await api.post<Commit>(`/repositories/${repo}/branches/main/commits`, { message: 'first' });
  expect(res.status).toBe(201);
  first = res.body;
  expect((await api.post('/repositories/insights/tags', { id: 'v1', ref: 'main' })).status).toBe(201);
  // Uncommitted: an add in a folder, a new folder, an overwrite with a smaller object, a delete, a folder emptied.
  expect((await api.upload(repo, 'main', 'images/bird.png', 'x'.repeat(700))).status).toBe(201);
  expect((await api.upload(repo, 'main', 'videos/clip.mp4', 'v'.repeat(5000))).status).toBe(201);
  expect((await api.upload(repo, 'main', 'images/raw/big.tiff', 's'.repeat(100))).status).toBe(201);
  expect((await api.delete(`/repositories/${repo}/branches/main/objects?path=images/dog.png`)).status).toBe(204);
  expect((await api.delete(`/repositories/${repo}/branches/main/objects?path=docs/api/index.html`)).status).toBe(204);
}, 60_000);
afterAll(async () => {
  await server.close();
});

describe('counts', () => {
  it.each(['', 'images/', 'images/raw/', 'docs/', 'videos/', 'nothing/'])('equal a listing of the branch, staged changes included, under "%s"', async (prefix) => {
    await expectListingSums('main', prefix);
  });

  it('answer the largest children first, with what the rest hold', async () => {
    const res = await usage('main', { amount: '2' });
    expect(res.body.children.map((c) => [c.path, c.type, c.objects, c.bytes])).toEqual([
      ['videos/', 'common_prefix', 1, 5000],
      ['images/', 'common_prefix', 3, 3800],
    ]);
    expect(res.body.others).toEqual({ children: 2, objects: 2, bytes: 520 });
    expect(res.body.totals).toEqual({ objects: 6, bytes: 9320 });
  });

  it('sum the branch’s uncommitted changes on their own', async () => {
    const res = await usage('main');
    expect(res.body.staged).toEqual({ added: 2, changed: 1, removed: 2, objects: 0, bytes: 700 + 5000 + (100 - 9000) - 2000 - 250, bytes_written: 5800 });
    expect(res.body.children.map((c) => c.path)).toContain('docs/');
    expect((await usage('main', { prefix: 'docs/' })).body.children.map((c) => c.path)).toEqual(['docs/guide.md']);
  });

  it('count a tag, a commit and `main~1`-style refs as committed, without a staged part', async () => {
    for (const ref of ['v1', first.id, first.id.slice(0, 12)]) {
      const body = await expectListingSums(ref, '');
      expect(body.staged).toBeUndefined();
      expect(body.totals).toEqual({ objects: 6, bytes: 14770 });
    }
    await api.post<Commit>(`/repositories/${repo}/branches/main/commits`, { message: 'second' });
    expect((await usage('main~1')).body.totals).toEqual({ objects: 6, bytes: 14770 });
    expect((await usage('main')).body.staged).toEqual({ added: 0, changed: 0, removed: 0, objects: 0, bytes: 0, bytes_written: 0 });
    await expectListingSums('main', 'images/');
  });

  it('answer only the totals without a delimiter', async () => {
    const res = await usage('main', { prefix: 'images/', delimiter: '' });
    expect(res.body.children).toEqual([]);
    expect(res.body.totals).toEqual(sumsUnder(await listing('main'), 'images/').totals);
  });
});

describe('errors', () => {
  it('answers 404 with lakeFS’s message for an unknown ref or repository', async () => {
    const ref = await usage('nope');
    expect(ref.status).toBe(404);
    expect((ref.body as unknown as ErrorBody).message).toMatch(/not found/);
    const missing = await api.get<ErrorBody>('/repositories/nope/refs/main/usage');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(/not found/);
  });

  it('refuses an amount over 1000 naming the parameter', async () => {
    const res = await api.get<ErrorBody>(`/repositories/${repo}/refs/main/usage?amount=5000`);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('amount');
  });
});

describe('permissions', () => {
  it('needs fs:ListObjects on the repository, as a listing does', async () => {
    const statement = (action: string) => [{ effect: 'allow', action: [action], resource: `arn:lakefs:fs:::repository/${repo}` }];
    expect((await api.post('/auth/policies', { id: 'UsageList', statement: statement('fs:ListObjects') })).status).toBe(201);
    expect((await api.post('/auth/policies', { id: 'UsageRead', statement: statement('fs:ReadRepository') })).status).toBe(201);
    const lister = client(server, (await addUser(api, 'lister', { policies: ['UsageList'] })).authorization);
    const reader = client(server, (await addUser(api, 'reader', { policies: ['UsageRead'] })).authorization);
    expect((await usage('main', {}, lister)).status).toBe(200);
    const refused = await reader.get<ErrorBody>(`/repositories/${repo}/refs/main/usage`);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toContain('fs:ListObjects');
  });
});
