// Repository metadata, refs dump and restore (at once and as tasks), committed tree file locations, and the lakeFS
// Enterprise calls that answer 501, over the real HTTP stack.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  Commit,
  ErrorBody,
  MergeResult,
  Ref,
  RefsDump,
  RepositoryDumpStatus,
  RepositoryRestoreStatus,
  StorageURI,
  TaskInfo,
} from '../../../server/http/wire';
import { client, objectPath, startWithAdmin, type Client, type Page, type TestServer } from './harness';

let server: TestServer;
let api: Client;

beforeAll(async () => {
  ({ server, api } = await startWithAdmin());
  expect((await api.post('/repositories', { name: 'admin-repo', storage_namespace: 'local://admin-repo' })).status).toBe(201);
});
afterAll(async () => {
  await server.close();
});

async function commit(repo: string, branch: string, message: string): Promise<Commit> {
  const res = await api.post<Commit>(`/repositories/${repo}/branches/${branch}/commits`, { message });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('repository metadata', () => {
  const path = '/repositories/admin-repo/metadata';

  it('starts empty, sets keys keeping the others, and deletes keys', async () => {
    expect(await api.get(path)).toMatchObject({ status: 200, body: {} });
    expect((await api.post(path, { metadata: { team: 'data', tier: 'gold' } })).status).toBe(204);
    expect((await api.post(path, { metadata: { tier: 'silver', owner: 'ana' } })).status).toBe(204);
    expect((await api.get(path)).body).toEqual({ team: 'data', tier: 'silver', owner: 'ana' });
    const removed = await api.raw(path, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ keys: ['tier', 'never-set'] }),
    });
    expect(removed.status).toBe(204);
    expect((await api.get(path)).body).toEqual({ team: 'data', owner: 'ana' });
  });

  it('answers 404 for a missing repository and 400 for bad bodies', async () => {
    expect((await api.get('/repositories/no-repo/metadata')).status).toBe(404);
    expect((await api.post('/repositories/no-repo/metadata', { metadata: { a: 'b' } })).status).toBe(404);
    expect((await api.post(path, { metadata: { a: 1 } })).status).toBe(400);
    expect((await api.post(path, {})).status).toBe(400);
    const noKeys = await api.raw(path, { method: 'DELETE', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(noKeys.status).toBe(400);
  });
});

describe('refs dump and restore', () => {
  let dump: RefsDump;
  const branchesOf = async (repo: string) => (await api.get<Page<Ref>>(`/repositories/${repo}/branches?amount=1000`)).body.results;
  const tagsOf = async (repo: string) => (await api.get<Page<Ref>>(`/repositories/${repo}/tags?amount=1000`)).body.results;
  const logOf = async (repo: string, ref: string) =>
    (await api.get<Page<Commit>>(`/repositories/${repo}/refs/${ref}/commits?amount=1000`)).body.results;

  beforeAll(async () => {
    await api.upload('admin-repo', 'main', 'a.txt', 'a');
    await commit('admin-repo', 'main', 'add a');
    await api.post('/repositories/admin-repo/branches', { name: 'feature', source: 'main' });
    await api.upload('admin-repo', 'feature', 'b.txt', 'b');
    await commit('admin-repo', 'feature', 'add b');
    await api.upload('admin-repo', 'main', 'c.txt', 'c');
    await commit('admin-repo', 'main', 'add c');
    expect((await api.post<MergeResult>('/repositories/admin-repo/refs/feature/merge/main', {})).status).toBe(200);
    await api.post('/repositories/admin-repo/tags', { id: 'v1', ref: 'main' });
    await api.post('/repositories/admin-repo/tags', { id: 'v0', ref: 'main~2' });
    // Uncommitted work is not part of a dump.
    await api.upload('admin-repo', 'feature', 'wip.txt', 'w');
  });

  it('dumps the refs to the namespace', async () => {
    const res = await api.put<RefsDump>('/repositories/admin-repo/refs/dump');
    expect(res.status).toBe(201);
    dump = res.body;
    for (const id of Object.values(dump)) expect(id).toMatch(/^[0-9a-f]{64}$/);
    expect((await api.put('/repositories/no-repo/refs/dump')).status).toBe(404);
  });

  it('restores into a bare repository on the same namespace the same branches, tags and commits', async () => {
    expect((await api.post('/repositories?bare=true', { name: 'admin-copy', storage_namespace: 'local://admin-repo' })).status).toBe(201);
    const res = await api.put('/repositories/admin-copy/refs/restore', dump);
    expect(res.status).toBe(200);
    expect(await branchesOf('admin-copy')).toEqual(await branchesOf('admin-repo'));
    expect(await tagsOf('admin-copy')).toEqual(await tagsOf('admin-repo'));
    for (const ref of ['main', 'feature', 'v0']) expect(await logOf('admin-copy', ref)).toEqual(await logOf('admin-repo', ref));
    expect((await api.get<string>(objectPath('admin-copy', 'main', 'b.txt'))).body).toBe('b');
    expect((await api.get(objectPath('admin-copy', 'feature', 'wip.txt'))).status).toBe(404);
    // The restored repository works like any other.
    await api.upload('admin-copy', 'main', 'd.txt', 'd');
    expect((await commit('admin-copy', 'main', 'add d')).parents).toEqual([(await api.get<Ref>('/repositories/admin-repo/branches/main')).body.commit_id]);
  });

  it('refuses a repository that is not bare, a dump it cannot find, and a read-only one unless forced', async () => {
    const notBare = await api.put<ErrorBody>('/repositories/admin-copy/refs/restore', dump);
    expect(notBare.status).toBe(400);
    expect(notBare.body.message).toBe('can only restore into a bare repository');
    expect((await api.post('/repositories?bare=true', { name: 'elsewhere', storage_namespace: 'local://elsewhere' })).status).toBe(201);
    const lost = await api.put<ErrorBody>('/repositories/elsewhere/refs/restore', dump);
    expect(lost.status).toBe(404);
    expect(lost.body.message).toBe('refs dump not found');
    const escaping = { ...dump, commits_meta_range_id: '../../../metadata.db' };
    expect((await api.put('/repositories/elsewhere/refs/restore', escaping)).status).toBe(404);
    const swapped = { ...dump, commits_meta_range_id: dump.tags_meta_range_id };
    expect((await api.put('/repositories/admin-repo-x/refs/restore', swapped)).status).toBe(404);
    expect((await api.post('/repositories?bare=true', { name: 'swapped', storage_namespace: 'local://admin-repo' })).status).toBe(201);
    expect((await api.put('/repositories/swapped/refs/restore', swapped)).status).toBe(400);
    expect(await branchesOf('swapped')).toEqual([]);
    expect((await api.put('/repositories/swapped/refs/restore', { commits_meta_range_id: 'x' })).status).toBe(400);

    const readOnly = { name: 'frozen-copy', storage_namespace: 'local://admin-repo', read_only: true };
    expect((await api.post('/repositories?bare=true', readOnly)).status).toBe(201);
    const refused = await api.put<ErrorBody>('/repositories/frozen-copy/refs/restore', dump);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('read-only repository');
    expect((await api.put('/repositories/frozen-copy/refs/restore', { ...dump, force: true })).status).toBe(200);
    expect(await branchesOf('frozen-copy')).toEqual(await branchesOf('admin-repo'));
  });

  it('dumps and restores as tasks whose status tells when they are done', async () => {
    const submitted = await api.post<TaskInfo>('/repositories/admin-repo/dump');
    expect(submitted.status).toBe(202);
    const dumped = await vi.waitFor(async () => {
      const status = await api.get<RepositoryDumpStatus>(`/repositories/admin-repo/dump?task_id=${submitted.body.id}`);
      expect(status.body.done).toBe(true);
      return status.body;
    });
    expect(dumped).toEqual({ id: submitted.body.id, done: true, update_time: expect.any(String), refs: dump });
    expect(Number.isNaN(Date.parse(dumped.update_time))).toBe(false);

    expect((await api.post('/repositories?bare=true', { name: 'task-copy', storage_namespace: 'local://admin-repo' })).status).toBe(201);
    const restore = await api.post<TaskInfo>('/repositories/task-copy/restore', dumped.refs);
    expect(restore.status).toBe(202);
    const restored = await vi.waitFor(async () => {
      const status = await api.get<RepositoryRestoreStatus>(`/repositories/task-copy/restore?task_id=${restore.body.id}`);
      expect(status.body.done).toBe(true);
      return status.body;
    });
    expect(restored).toEqual({ id: restore.body.id, done: true, update_time: expect.any(String) });
    expect(await branchesOf('task-copy')).toEqual(await branchesOf('admin-repo'));

    // A failing restore task reports its error; what can be checked up front is refused at once.
    expect((await api.post('/repositories?bare=true', { name: 'task-fail', storage_namespace: 'local://admin-repo' })).status).toBe(201);
    const failing = await api.post<TaskInfo>('/repositories/task-fail/restore', { ...dump, tags_meta_range_id: 'f'.repeat(64) });
    expect(failing.status).toBe(202);
    const failed = await vi.waitFor(async () => {
      const status = await api.get<RepositoryRestoreStatus>(`/repositories/task-fail/restore?task_id=${failing.body.id}`);
      expect(status.body.done).toBe(true);
      return status.body;
    });
    expect(failed.error).toBe('refs dump not found');
    expect((await api.post<ErrorBody>('/repositories/task-copy/restore', dump)).status).toBe(400);

    expect((await api.get(`/repositories/admin-repo/restore?task_id=${submitted.body.id}`)).status).toBe(404);
    expect((await api.get('/repositories/admin-repo/dump?task_id=unknown')).status).toBe(404);
    expect((await api.get('/repositories/admin-repo/dump')).status).toBe(400);
    expect((await api.post('/repositories/no-repo/dump')).status).toBe(404);
  });
});

describe('metarange and range locations', () => {
  it('tells where a commit’s metarange and its ranges are stored, with a Location header', async () => {
    const head = (await api.get<Commit>('/repositories/admin-repo/commits/main')).body;
    const res = await api.get<StorageURI>(`/repositories/admin-repo/metadata/meta_range/${head.meta_range_id}`);
    expect(res.status).toBe(200);
    expect(res.body.location).toBe(`local://admin-repo/_tarn/metaranges/${head.meta_range_id}`);
    expect(res.headers.get('location')).toBe(res.body.location);

    const rangeFile = filesUnder(join(server.dataDir, 'blocks')).find((f) => f.includes(join('admin-repo', '_tarn', 'ranges')));
    const rangeId = basename(rangeFile ?? '');
    const range = await api.get<StorageURI>(`/repositories/admin-repo/metadata/range/${rangeId}`);
    expect(range.status).toBe(200);
    expect(range.body.location).toBe(`local://admin-repo/_tarn/ranges/${rangeId}`);
    expect(range.headers.get('location')).toBe(range.body.location);
  });

  it('answers 404 for ids it does not hold, including ones that try to leave the folder', async () => {
    expect((await api.get(`/repositories/admin-repo/metadata/meta_range/${'0'.repeat(64)}`)).status).toBe(404);
    expect((await api.get(`/repositories/admin-repo/metadata/range/${encodeURIComponent('../dummy')}`)).status).toBe(404);
    expect((await api.get(`/repositories/admin-repo/metadata/meta_range/${encodeURIComponent('../../metadata.db')}`)).status).toBe(404);
    expect((await api.get(`/repositories/no-repo/metadata/range/${'0'.repeat(64)}`)).status).toBe(404);
  });
});

describe('lakeFS Enterprise calls', () => {
  const calls: [string, string][] = [
    ['POST', '/repositories/admin-repo/branches/main/commits/async'],
    ['GET', '/repositories/admin-repo/branches/main/commits/async/some-id/status'],
    ['POST', '/repositories/admin-repo/refs/feature/merge/main/async'],
    ['GET', '/repositories/admin-repo/refs/feature/merge/main/async/some-id/status'],
    ['GET', '/license'],
  ];

  it('answer 501 with lakeFS’s error body, and still need credentials', async () => {
    for (const [method, path] of calls) {
      const res = await api.raw(path, { method, headers: { 'content-type': 'application/json' }, ...(method === 'POST' ? { body: '{}' } : {}) });
      expect(res.status, `${method} ${path}`).toBe(501);
      expect(await res.json()).toEqual({ message: 'not implemented' });
      const anonymous = await client(server, '').raw(path, { method });
      expect(anonymous.status, `${method} ${path} without credentials`).toBe(401);
    }
  });
});
