// The merge's dry run over the real HTTP stack (`GET .../refs/{sourceRef}/merge/{destinationBranch}/preview`): each
// answer is checked against what the merge itself then does, and the dry run must leave every branch and the
// repository's stored trees as they were.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Commit, Diff, ErrorBody, FindMergeBaseResult, MergeConflict, MergePreview, MergeResult, Ref } from '../../../server/http/wire';
import { addUser, client, startWithAdmin, type Client, type Page, type TestServer } from './harness';

let server: TestServer;
let api: Client;

const REPO = 'previews';
const preview = (source: string, dest: string, caller: Client = api) =>
  caller.get<MergePreview>(`/repositories/${REPO}/refs/${source}/merge/${dest}/preview`);
const mergeInto = (source: string, dest: string, caller: Client = api) =>
  caller.post<MergeResult & MergeConflict & ErrorBody>(`/repositories/${REPO}/refs/${source}/merge/${dest}`, {});

async function commit(branch: string, message: string, repo = REPO): Promise<Commit> {
  const res = await api.post<Commit>(`/repositories/${repo}/branches/${branch}/commits`, { message });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function branch(name: string, source: string, repo = REPO): Promise<void> {
  expect((await api.post(`/repositories/${repo}/branches`, { name, source })).status).toBe(201);
}

async function upload(branchName: string, path: string, content: string, repo = REPO): Promise<void> {
  expect((await api.upload(repo, branchName, path, content)).status).toBe(201);
}

const head = async (name: string, repo = REPO) => (await api.get<Ref>(`/repositories/${repo}/branches/${name}`)).body.commit_id;

/** Every branch's head and every stored tree file: what a dry run must leave alone. */
async function snapshot(): Promise<{ heads: Record<string, string>; files: string[] }> {
  const branches = await api.get<Page<Ref>>(`/repositories/${REPO}/branches?amount=1000`);
  const files = readdirSync(join(server.dataDir, 'blocks', REPO), { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name))
    .sort();
  return { heads: Object.fromEntries(branches.body.results.map((b) => [b.id, b.commit_id])), files };
}

beforeAll(async () => {
  ({ server, api } = await startWithAdmin());
  expect((await api.post('/repositories', { name: REPO, storage_namespace: `local://${REPO}` })).status).toBe(201);
  await upload('main', 'seed/keep.txt', 'keep');
  await upload('main', 'seed/old.txt', 'old');
  await upload('main', 'shared.txt', 'base');
  await upload('main', 'gone.txt', 'base');
  await commit('main', 'seed');
});
afterAll(async () => {
  await server.close();
});

describe('merge preview', () => {
  it('counts the changes of a clean merge, writes nothing, and the merge then makes exactly those', async () => {
    await branch('clean-src', 'main');
    await branch('clean-dst', 'main');
    await upload('clean-src', 'new/a.txt', 'a');
    await upload('clean-src', 'new/b.txt', 'b');
    expect((await api.delete(`/repositories/${REPO}/branches/clean-src/objects?path=seed/old.txt`)).status).toBe(204);
    const source = await commit('clean-src', 'three changes');
    await upload('clean-dst', 'dest-only.txt', 'd');
    const dest = await commit('clean-dst', 'elsewhere');
    const before = await snapshot();

    const res = await preview('clean-src', 'clean-dst');
    expect(res.status).toBe(200);
    const base = (await api.get<FindMergeBaseResult>(`/repositories/${REPO}/refs/clean-src/merge/clean-dst`)).body.base_commit_id;
    expect(res.body).toEqual({
      source_commit_id: source.id,
      destination_commit_id: dest.id,
      base_commit_id: base,
      changes: 3,
      fast_forward: false,
      nothing_to_merge: false,
      conflicts: [],
      conflicts_truncated: false,
      destination_dirty: false,
      destination_protected: false,
      read_only: false,
    });
    expect(await snapshot()).toEqual(before);

    const merged = await mergeInto('clean-src', 'clean-dst');
    expect(merged.status).toBe(200);
    const made = await api.get<Page<Diff>>(`/repositories/${REPO}/refs/${dest.id}/diff/${merged.body.reference}?type=two_dot`);
    expect(made.body.results.map((d) => `${d.type} ${d.path}`)).toEqual(['added new/a.txt', 'added new/b.txt', 'removed seed/old.txt']);
  });

  it('lists the conflicts the merge’s 409 lists, with both sides', async () => {
    await branch('clash-src', 'main');
    await branch('clash-dst', 'main');
    await upload('clash-src', 'shared.txt', 'source says');
    await upload('clash-src', 'gone.txt', 'source changed it');
    await upload('clash-src', 'calm.txt', 'no one else');
    await commit('clash-src', 'source side');
    await upload('clash-dst', 'shared.txt', 'dest says');
    expect((await api.delete(`/repositories/${REPO}/branches/clash-dst/objects?path=gone.txt`)).status).toBe(204);
    await commit('clash-dst', 'dest side');
    const before = await snapshot();

    const res = await preview('clash-src', 'clash-dst');
    expect(res.status).toBe(200);
    expect(await snapshot()).toEqual(before);
    const refused = await mergeInto('clash-src', 'clash-dst');
    expect(refused.status).toBe(409);
    expect(refused.body.conflicts.map((c) => c.path)).toEqual(['gone.txt', 'shared.txt']);
    expect(res.body.conflicts).toEqual(refused.body.conflicts);
    expect(res.body.conflicts[0]).toMatchObject({ path: 'gone.txt', source: { size_bytes: 17 }, dest: null });
    expect(res.body).toMatchObject({ changes: 1, conflicts_truncated: false, fast_forward: false, nothing_to_merge: false });
    expect(await head('clash-dst')).toBe(before.heads['clash-dst']);
  });

  it('says when there is nothing to merge, as the merge’s "no changes" refusal does', async () => {
    await branch('ahead', 'main');
    await upload('ahead', 'ahead.txt', 'x');
    await commit('ahead', 'ahead of main');

    const res = await preview('main', 'ahead');
    expect(res.body).toMatchObject({ nothing_to_merge: true, fast_forward: false, changes: 0, conflicts: [] });
    const refused = await mergeInto('main', 'ahead');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('no changes');
  });

  it('says when the destination has not moved since the base: a fast-forward of content', async () => {
    await branch('ff-src', 'main');
    await branch('ff-dst', 'main');
    await upload('ff-src', 'ff/one.txt', '1');
    await upload('ff-src', 'ff/two.txt', '2');
    const source = await commit('ff-src', 'two more');

    const res = await preview('ff-src', 'ff-dst');
    expect(res.body).toMatchObject({ fast_forward: true, nothing_to_merge: false, changes: 2, conflicts: [] });
    expect(res.body.base_commit_id).toBe(res.body.destination_commit_id);
    expect((await mergeInto('ff-src', 'ff-dst')).status).toBe(200);
    expect((await api.get<Commit>(`/repositories/${REPO}/commits/ff-dst`)).body.meta_range_id).toBe(source.meta_range_id);
  });

  it('reports a destination with uncommitted changes, which the merge refuses', async () => {
    await branch('dirty', 'main');
    await branch('to-dirty', 'main');
    await upload('to-dirty', 'd.txt', 'd');
    await commit('to-dirty', 'something to merge');
    await upload('dirty', 'staged.txt', 'not committed');

    const res = await preview('to-dirty', 'dirty');
    expect(res.body).toMatchObject({ destination_dirty: true, changes: 1 });
    const refused = await mergeInto('to-dirty', 'dirty');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('uncommitted changes (dirty branch)');
    expect((await preview('to-dirty', 'main')).body.destination_dirty).toBe(false);
  });

  it('reports a destination protected against commits, which still takes merges', async () => {
    await branch('guarded-1', 'main');
    await branch('to-guarded', 'main');
    await upload('to-guarded', 'g.txt', 'g');
    await commit('to-guarded', 'for the guarded branch');
    expect((await api.put(`/repositories/${REPO}/settings/branch_protection`, [{ pattern: 'guarded-*' }])).status).toBe(204);
    try {
      const res = await preview('to-guarded', 'guarded-1');
      expect(res.body).toMatchObject({ destination_protected: true, changes: 1 });
      expect((await preview('to-guarded', 'main')).body.destination_protected).toBe(false);
      expect((await api.post(`/repositories/${REPO}/branches/guarded-1/commits`, { message: 'direct' })).status).toBe(403);
      expect((await mergeInto('to-guarded', 'guarded-1')).status).toBe(200);
    } finally {
      expect((await api.put(`/repositories/${REPO}/settings/branch_protection`, [])).status).toBe(204);
    }
  });

  it('reports a read-only repository, which the merge refuses', async () => {
    expect((await api.post('/repositories', { name: 'frozen', storage_namespace: 'local://frozen' })).status).toBe(201);
    await branch('work', 'main', 'frozen');
    await upload('work', 'w.txt', 'w', 'frozen');
    await commit('work', 'work', 'frozen');
    expect((await api.put('/repositories/frozen/settings/read_only', { read_only: true })).status).toBe(200);

    const res = await api.get<MergePreview>('/repositories/frozen/refs/work/merge/main/preview');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ read_only: true, fast_forward: true, changes: 1 });
    const refused = await api.post<ErrorBody>('/repositories/frozen/refs/work/merge/main', {});
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('read-only repository');
    expect((await preview('ahead', 'main')).body.read_only).toBe(false);
  });

  it('answers 404 for an unknown repository, source or destination, and 400 for a bad branch name', async () => {
    expect(await preview('ahead', 'no-such-branch')).toMatchObject({ status: 404, body: { message: 'branch not found' } });
    expect((await preview('no-such-ref', 'main')).status).toBe(404);
    expect((await api.get('/repositories/no-such-repo/refs/main/merge/main/preview')).status).toBe(404);
    expect((await preview('ahead', 'main~1')).status).toBe(400);
  });

  it('needs the permission to read commits, not to write them', async () => {
    const viewer = client(server, (await addUser(api, 'viewer', { groups: ['Viewers'] })).authorization);
    expect((await preview('ahead', 'main', viewer)).status).toBe(200);
    expect((await mergeInto('ahead', 'main', viewer)).status).toBe(401);
    const stranger = client(server, (await addUser(api, 'stranger')).authorization);
    expect(await preview('ahead', 'main', stranger)).toMatchObject({
      status: 401,
      body: { message: `insufficient permissions: not allowed to fs:ListCommits on arn:lakefs:fs:::repository/${REPO}` },
    });
    const anonymous = await fetch(`${server.api}/repositories/${REPO}/refs/ahead/merge/main/preview`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: 'error authenticating request' });
  });
});
