// A dump of a repository's refs that Tarn made, restored into a new bare repository (on the same namespace, or on a
// copy of the namespace's folder, as lakeFS's bare repositories are meant for) over the real HTTP stack, at once and
// as tasks: the copy has the same commits, branches and tags, reads the same data, and goes its own way afterwards.
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  Commit,
  CommitList,
  Diff,
  Ref,
  RefsDump,
  RepositoryDumpStatus,
  RepositoryRestoreStatus,
  TaskInfo,
} from '../../../server/http/wire';
import { objectPath, startWithAdmin, type Client, type Page, type TestServer } from './harness';

let server: TestServer;
let api: Client;

async function ok<T>(answer: Promise<{ status: number; body: T }>, status: number): Promise<T> {
  const { status: got, body } = await answer;
  expect(got, JSON.stringify(body)).toBe(status);
  return body;
}

const commit = (repo: string, branch: string, message: string) =>
  ok(api.post<Commit>(`/repositories/${repo}/branches/${branch}/commits`, { message, metadata: { step: message } }), 201);

/** Everything a restore must bring back: branches, tags, the whole log of each, each commit read alone, the data. */
async function refsOf(repo: string) {
  const branches = (await ok(api.get<Page<Ref>>(`/repositories/${repo}/branches?amount=1000`), 200)).results;
  const tags = (await ok(api.get<Page<Ref>>(`/repositories/${repo}/tags?amount=1000`), 200)).results;
  const logs: Record<string, Commit[]> = {};
  const files: Record<string, Record<string, string>> = {};
  for (const ref of [...branches, ...tags]) {
    logs[ref.id] = (await ok(api.get<CommitList>(`/repositories/${repo}/refs/${ref.id}/commits?amount=1000`), 200)).results;
    const listing = (await ok(api.get<Page<{ path: string }>>(`/repositories/${repo}/refs/${ref.commit_id}/objects/ls?amount=1000`), 200)).results;
    files[ref.id] = {};
    for (const { path } of listing) files[ref.id]![path] = (await ok(api.get<string>(objectPath(repo, ref.commit_id, path)), 200));
  }
  const commits: Commit[] = [];
  for (const id of new Set(Object.values(logs).flatMap((log) => log.map((c) => c.id)))) {
    commits.push(await ok(api.get<Commit>(`/repositories/${repo}/commits/${id}`), 200));
  }
  return { branches, tags, logs, files, commits };
}

beforeAll(async () => {
  ({ server, api } = await startWithAdmin());
  await ok(api.post('/repositories', { name: 'origin', storage_namespace: 'local://origin' }), 201);
  // History with a fork, a merge, an emptied tree, tags on old commits and a deleted branch.
  for (let i = 0; i < 12; i++) {
    await ok(api.upload('origin', 'main', `data/part-${i % 4}.csv`, `rows of step ${i}\n`), 201);
    await commit('origin', 'main', `step ${i}`);
  }
  await ok(api.post('/repositories/origin/branches', { name: 'feature', source: 'main~3' }), 201);
  await ok(api.upload('origin', 'feature', 'features/new.txt', 'a feature'), 201);
  await commit('origin', 'feature', 'a feature');
  await ok(api.post('/repositories/origin/refs/feature/merge/main', {}), 200);
  await ok(api.post('/repositories/origin/branches', { name: 'emptied', source: 'main' }), 201);
  await ok(api.post('/repositories/origin/branches/emptied/objects/delete', { paths: ['data/part-0.csv', 'data/part-1.csv', 'data/part-2.csv', 'data/part-3.csv', 'features/new.txt'] }), 200);
  await commit('origin', 'emptied', 'nothing left');
  await ok(api.post('/repositories/origin/branches', { name: 'gone', source: 'main' }), 201);
  await ok(api.delete('/repositories/origin/branches/gone'), 204);
  await ok(api.post('/repositories/origin/tags', { id: 'v1', ref: 'main~5' }), 201);
  await ok(api.post('/repositories/origin/tags', { id: 'v2', ref: 'main' }), 201);
  // Staged work is not part of a dump.
  await ok(api.upload('origin', 'feature', 'wip.txt', 'unfinished'), 201);
});
afterAll(async () => {
  await server.close();
});

describe('a dump Tarn made, restored into a new bare repository', () => {
  let dump: RefsDump;
  let origin: Awaited<ReturnType<typeof refsOf>>;

  beforeAll(async () => {
    dump = await ok(api.put<RefsDump>('/repositories/origin/refs/dump'), 201);
    origin = await refsOf('origin');
    expect(origin.branches.map((b) => b.id)).toEqual(['emptied', 'feature', 'main']);
    expect(origin.commits.length).toBeGreaterThan(15);
  });

  it('on the same namespace gives the same commits, branches and tags', async () => {
    await ok(api.post('/repositories?bare=true', { name: 'same-place', storage_namespace: 'local://origin' }), 201);
    const restored = await api.put('/repositories/same-place/refs/restore', dump);
    expect(restored).toMatchObject({ status: 200, body: '' });
    expect(await refsOf('same-place')).toEqual(origin);
  });

  it('keeps the dump’s ids in the namespace, as lakeFS keeps its refs manifest', () => {
    const manifest = readFileSync(join(server.dataDir, 'blocks', 'origin', '_tarn', 'refs_manifest.json'), 'utf8');
    expect(JSON.parse(manifest)).toEqual(dump);
  });

  it('on a copy of the namespace’s folder gives the same, and then goes its own way', async () => {
    cpSync(join(server.dataDir, 'blocks', 'origin'), join(server.dataDir, 'blocks', 'origin-copy'), { recursive: true });
    await ok(api.post('/repositories?bare=true', { name: 'copied', storage_namespace: 'local://origin-copy' }), 201);
    await ok(api.put('/repositories/copied/refs/restore', dump), 200);
    expect(await refsOf('copied')).toEqual(origin);

    // The copy's branches start with nothing staged, and its new commits stay its own.
    expect((await ok(api.get<Page<Diff>>('/repositories/copied/branches/feature/diff'), 200)).results).toEqual([]);
    await ok(api.upload('copied', 'main', 'only-here.txt', 'copy'), 201);
    const mine = await commit('copied', 'main', 'only in the copy');
    expect(mine.parents).toEqual([origin.branches.find((b) => b.id === 'main')?.commit_id]);
    expect((await api.get(`/repositories/origin/commits/${mine.id}`)).status).toBe(404);
    expect((await api.get(objectPath('origin', 'main', 'only-here.txt'))).status).toBe(404);
    expect(await refsOf('origin')).toEqual(origin);
  });

  it('as tasks, dumped and restored in the background, gives the same', async () => {
    const dumping = await ok(api.post<TaskInfo>('/repositories/origin/dump'), 202);
    const dumped = await vi.waitFor(async () => {
      const status = await ok(api.get<RepositoryDumpStatus>(`/repositories/origin/dump?task_id=${dumping.id}`), 200);
      expect(status.done).toBe(true);
      return status;
    });
    expect(dumped.error).toBeUndefined();
    expect(dumped.refs).toEqual(dump);

    cpSync(join(server.dataDir, 'blocks', 'origin'), join(server.dataDir, 'blocks', 'origin-later'), { recursive: true });
    await ok(api.post('/repositories?bare=true', { name: 'later', storage_namespace: 'local://origin-later' }), 201);
    const restoring = await ok(api.post<TaskInfo>('/repositories/later/restore', dumped.refs), 202);
    const restored = await vi.waitFor(async () => {
      const status = await ok(api.get<RepositoryRestoreStatus>(`/repositories/later/restore?task_id=${restoring.id}`), 200);
      expect(status.done).toBe(true);
      return status;
    });
    expect(restored.error).toBeUndefined();
    expect(await refsOf('later')).toEqual(origin);
  });

  it('into a repository deleted and made again bare on its namespace, whose data stayed, gives the same', async () => {
    await ok(api.delete('/repositories/origin'), 204);
    await ok(api.post('/repositories?bare=true', { name: 'origin', storage_namespace: 'local://origin' }), 201);
    expect((await ok(api.get<Page<Ref>>('/repositories/origin/branches'), 200)).results).toEqual([]);
    await ok(api.put('/repositories/origin/refs/restore', dump), 200);
    expect(await refsOf('origin')).toEqual(origin);
  });
});
