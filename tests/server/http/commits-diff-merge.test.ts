import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Commit, Diff, ErrorBody, FindMergeBaseResult, MergeConflict, MergeResult, Ref } from '../../../server/http/wire';
import { objectPath, startWithAdmin, type Client, type Page, type TestServer } from './harness';

let server: TestServer;
let api: Client;

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const diffs = (page: Page<Diff>) => page.results.map((d) => `${d.type} ${d.path}`);

beforeAll(async () => {
  ({ server, api } = await startWithAdmin());
  expect((await api.post('/repositories', { name: 'hist', storage_namespace: 'local://hist' })).status).toBe(201);
});
afterAll(async () => {
  await server.close();
});

async function commit(branch: string, message: string, metadata?: Record<string, string>): Promise<Commit> {
  const res = await api.post<Commit>(`/repositories/hist/branches/${branch}/commits`, { message, ...(metadata ? { metadata } : {}) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('commits', () => {
  it('commits staged changes with message, metadata and the caller as committer', async () => {
    await api.upload('hist', 'main', 'data/a.csv', 'a,b\n1,2\n');
    const c = await commit('main', 'first data', { source: 'test' });
    expect(c).toMatchObject({ message: 'first data', committer: 'admin', metadata: { source: 'test' } });
    expect(c.id).toMatch(/^[0-9a-f]{64}$/);
    expect(c.parents).toHaveLength(1);
    const got = await api.get<Commit>(`/repositories/hist/commits/${c.id}`);
    expect(got.body).toEqual(c);
  });

  it('refuses an empty commit with 400 no changes, and bad bodies with 400', async () => {
    const empty = await api.post<ErrorBody>('/repositories/hist/branches/main/commits', { message: 'nothing' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('no changes');
    const allowed = await api.post<Commit>('/repositories/hist/branches/main/commits', { message: 'marker', allow_empty: true });
    expect(allowed.status).toBe(201);
    expect((await api.post('/repositories/hist/branches/main/commits', {})).status).toBe(400);
    expect((await api.post('/repositories/hist/branches/main/commits', { message: 'm', metadata: { k: 1 } })).status).toBe(400);
    expect((await api.post('/repositories/hist/branches/nope/commits', { message: 'm' })).status).toBe(404);
  });

  it('gets commits by any ref expression', async () => {
    const head = (await api.get<Ref>('/repositories/hist/branches/main')).body.commit_id;
    const byBranch = await api.get<Commit>('/repositories/hist/commits/main');
    expect(byBranch.body.id).toBe(head);
    const parent = await api.get<Commit>('/repositories/hist/commits/main~1');
    expect(parent.body.id).toBe(byBranch.body.parents[0]);
    const byPrefix = await api.get<Commit>(`/repositories/hist/commits/${head.slice(0, 10)}`);
    expect(byPrefix.body.id).toBe(head);
    expect((await api.get('/repositories/hist/commits/main~99')).status).toBe(404);
    expect((await api.get('/repositories/hist/commits/deadbeef')).status).toBe(404);
  });

  it('pages the log with after and filters it by objects and prefixes', async () => {
    await api.upload('hist', 'main', 'data/b.csv', 'b');
    await commit('main', 'add b');
    await api.upload('hist', 'main', 'other/c.txt', 'c');
    await commit('main', 'add c');
    const all = await api.get<Page<Commit>>('/repositories/hist/refs/main/commits');
    expect(all.body.results.map((c) => c.message)).toEqual(['add c', 'add b', 'marker', 'first data', 'Repository created']);
    const first = await api.get<Page<Commit>>('/repositories/hist/refs/main/commits?amount=2');
    expect(first.body.pagination).toMatchObject({ has_more: true, next_offset: first.body.results[1]!.id });
    const next = await api.get<Page<Commit>>(`/repositories/hist/refs/main/commits?amount=2&after=${first.body.pagination.next_offset}`);
    expect(next.body.results.map((c) => c.message)).toEqual(['marker', 'first data']);
    const blame = await api.get<Page<Commit>>('/repositories/hist/refs/main/commits?amount=1&objects=data/a.csv');
    expect(blame.body.results.map((c) => c.message)).toEqual(['first data']);
    const prefixed = await api.get<Page<Commit>>('/repositories/hist/refs/main/commits?prefixes=data/');
    expect(prefixed.body.results.map((c) => c.message)).toEqual(['add b', 'first data']);
    expect((await api.get('/repositories/hist/refs/main/commits?first_parent=perhaps')).status).toBe(400);
    expect((await api.get('/repositories/hist/refs/main/commits?since=yesterday')).status).toBe(400);
  });
});

describe('diff', () => {
  it('shows uncommitted changes with prefix, delimiter, after and amount', async () => {
    await api.upload('hist', 'main', 'data/a.csv', 'changed');
    await api.upload('hist', 'main', 'data/new/x.csv', 'x');
    await api.upload('hist', 'main', 'top.txt', 't');
    await api.delete('/repositories/hist/branches/main/objects?path=other/c.txt');
    const flat = await api.get<Page<Diff>>('/repositories/hist/branches/main/diff');
    expect(diffs(flat.body)).toEqual(['changed data/a.csv', 'added data/new/x.csv', 'removed other/c.txt', 'added top.txt']);
    expect(flat.body.results[0]?.size_bytes).toBe(7);
    // lakeFS reads a removal from the staged tombstone, whose size is 0.
    expect(flat.body.results.find((d) => d.type === 'removed')).toMatchObject({ path: 'other/c.txt', size_bytes: 0 });
    const delimited = await api.get<Page<Diff>>('/repositories/hist/branches/main/diff?delimiter=/');
    expect(delimited.body.results.map((d) => `${d.type} ${d.path_type} ${d.path}`)).toEqual([
      'prefix_changed common_prefix data/',
      'prefix_changed common_prefix other/',
      'added object top.txt',
    ]);
    const inData = await api.get<Page<Diff>>('/repositories/hist/branches/main/diff?delimiter=/&prefix=data/');
    expect(diffs(inData.body)).toEqual(['changed data/a.csv', 'prefix_changed data/new/']);
    const paged = await api.get<Page<Diff>>('/repositories/hist/branches/main/diff?amount=2');
    expect(paged.body.pagination).toMatchObject({ has_more: true, next_offset: 'data/new/x.csv' });
    const rest = await api.get<Page<Diff>>('/repositories/hist/branches/main/diff?after=data/new/x.csv');
    expect(diffs(rest.body)).toEqual(['removed other/c.txt', 'added top.txt']);
    await commit('main', 'changes');
    expect((await api.get<Page<Diff>>('/repositories/hist/branches/main/diff')).body.results).toEqual([]);
  });

  it('compares refs two-dot and three-dot', async () => {
    expect((await api.post('/repositories/hist/branches', { name: 'side', source: 'main' })).status).toBe(201);
    await api.upload('hist', 'side', 'side.txt', 's');
    await commit('side', 'side work');
    await api.upload('hist', 'main', 'main-only.txt', 'm');
    await commit('main', 'main work');
    const threeDot = await api.get<Page<Diff>>('/repositories/hist/refs/main/diff/side');
    expect(diffs(threeDot.body)).toEqual(['added side.txt']);
    const twoDot = await api.get<Page<Diff>>('/repositories/hist/refs/main/diff/side?type=two_dot');
    expect(diffs(twoDot.body)).toEqual(['removed main-only.txt', 'added side.txt']);
    // Between two refs a removed object keeps the size it had.
    expect(twoDot.body.results[0]?.size_bytes).toBe(1);
    const stats = await api.get<Page<Diff>>('/repositories/hist/refs/main/diff/side?include_right_stats=true');
    expect(stats.body.results[0]?.right?.checksum).toMatch(/^[0-9a-f]{32}$/);
    expect((await api.get('/repositories/hist/refs/main/diff/side?type=four_dot')).status).toBe(400);
    expect((await api.get('/repositories/hist/refs/main/diff/nowhere')).status).toBe(404);
  });
});

describe('merge', () => {
  it('merges a branch and reports the merge commit', async () => {
    const res = await api.post<MergeResult>('/repositories/hist/refs/side/merge/main', { message: 'bring side in' });
    expect(res.status).toBe(200);
    const merged = await api.get<Commit>(`/repositories/hist/commits/${res.body.reference}`);
    expect(merged.body.parents).toHaveLength(2);
    expect(merged.body.message).toBe('bring side in');
    expect((await api.get<string>(objectPath('hist', 'main', 'side.txt'))).body).toBe('s');
    const firstParent = await api.get<Page<Commit>>('/repositories/hist/refs/main/commits?first_parent=true');
    expect(firstParent.body.results.map((c) => c.message)).not.toContain('side work');
    const everything = await api.get<Page<Commit>>('/repositories/hist/refs/main/commits');
    expect(everything.body.results.map((c) => c.message)).toContain('side work');
    const again = await api.post<ErrorBody>('/repositories/hist/refs/side/merge/main');
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('no changes');
  });

  it('answers a conflict with 409, the lakeFS fields and the conflicting paths', async () => {
    await api.post('/repositories/hist/branches', { name: 'left', source: 'main' });
    await api.post('/repositories/hist/branches', { name: 'right', source: 'main' });
    await api.upload('hist', 'left', 'clash.txt', 'left');
    await commit('left', 'left');
    await api.upload('hist', 'right', 'clash.txt', 'right');
    await api.upload('hist', 'right', 'calm.txt', 'calm');
    await commit('right', 'right');
    const before = (await api.get<Ref>('/repositories/hist/branches/left')).body.commit_id;
    const res = await api.post<MergeConflict>('/repositories/hist/refs/right/merge/left', {});
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      message: 'conflict found',
      reference: '',
      conflicts: [
        {
          path: 'clash.txt',
          source: { size_bytes: 5, mtime: expect.any(Number), checksum: md5('right'), content_type: 'text/plain;charset=UTF-8' },
          dest: { size_bytes: 4, mtime: expect.any(Number), checksum: md5('left'), content_type: 'text/plain;charset=UTF-8' },
        },
      ],
    });
    expect((await api.get<Ref>('/repositories/hist/branches/left')).body.commit_id).toBe(before);
    const compare = await api.get<Page<Diff>>('/repositories/hist/refs/left/diff/right');
    expect(diffs(compare.body)).toEqual(['added calm.txt', 'conflict clash.txt']);
  });

  it('resolves conflicts with source-wins and dest-wins', async () => {
    await api.post('/repositories/hist/branches', { name: 'left2', source: 'left' });
    const source = await api.post('/repositories/hist/refs/right/merge/left', { strategy: 'source-wins' });
    expect(source.status).toBe(200);
    expect((await api.get<string>(objectPath('hist', 'left', 'clash.txt'))).body).toBe('right');
    const dest = await api.post<MergeResult>('/repositories/hist/refs/right/merge/left2', { strategy: 'dest-wins' });
    expect(dest.status).toBe(200);
    expect((await api.get<string>(objectPath('hist', 'left2', 'clash.txt'))).body).toBe('left');
    const meta = await api.get<Commit>(`/repositories/hist/commits/${dest.body.reference}`);
    expect(meta.body.metadata?.['.lakefs.merge.strategy']).toBe('dest-wins');
    const bad = await api.post<ErrorBody>('/repositories/hist/refs/right/merge/left2', { strategy: 'loudest-wins' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('invalid merge strategy');
  });

  it('settles conflicts path by path in one merge commit, and writes nothing while any is left', async () => {
    await api.post('/repositories/hist/branches', { name: 'pick-a', source: 'main' });
    await api.post('/repositories/hist/branches', { name: 'pick-b', source: 'main' });
    await api.upload('hist', 'main', 'shared/one.txt', 'base one');
    await api.upload('hist', 'main', 'shared/two.txt', 'base two');
    await api.upload('hist', 'main', 'shared/three.txt', 'base three');
    await commit('main', 'shared base');
    for (const b of ['pick-a', 'pick-b']) expect((await api.put(`/repositories/hist/branches/${b}/hard_reset?ref=main`)).status).toBe(204);
    await api.upload('hist', 'pick-a', 'shared/one.txt', 'a one');
    await api.upload('hist', 'pick-a', 'shared/two.txt', 'a two');
    await api.delete('/repositories/hist/branches/pick-a/objects?path=shared/three.txt');
    await commit('pick-a', 'a side');
    await api.upload('hist', 'pick-b', 'shared/one.txt', 'b one');
    await api.upload('hist', 'pick-b', 'shared/two.txt', 'b two');
    await api.upload('hist', 'pick-b', 'shared/three.txt', 'b three', { 'content-type': 'text/plain' });
    await commit('pick-b', 'b side');
    const before = (await api.get<Ref>('/repositories/hist/branches/pick-b')).body.commit_id;

    const open = await api.post<MergeConflict>('/repositories/hist/refs/pick-a/merge/pick-b', { conflict_resolutions: { 'shared/one.txt': 'source' } });
    expect(open.status).toBe(409);
    expect(open.body.conflicts.map((c) => c.path)).toEqual(['shared/three.txt', 'shared/two.txt']);
    expect(open.body.conflicts[0]).toEqual({
      path: 'shared/three.txt',
      source: null,
      dest: { size_bytes: 7, mtime: expect.any(Number), checksum: md5('b three'), content_type: 'text/plain' },
    });
    expect((await api.get<Ref>('/repositories/hist/branches/pick-b')).body.commit_id).toBe(before);

    const stray = await api.post<ErrorBody>('/repositories/hist/refs/pick-a/merge/pick-b', {
      conflict_resolutions: { 'shared/one.txt': 'source', 'shared/two.txt': 'dest', 'shared/three.txt': 'source', 'top.txt': 'dest' },
    });
    expect(stray.status).toBe(400);
    expect(stray.body.message).toBe('conflict resolution for a path that does not conflict: top.txt');
    const badSide = await api.post<ErrorBody>('/repositories/hist/refs/pick-a/merge/pick-b', { conflict_resolutions: { 'shared/one.txt': 'mine' } });
    expect(badSide.status).toBe(400);
    expect((await api.get<Ref>('/repositories/hist/branches/pick-b')).body.commit_id).toBe(before);

    const res = await api.post<MergeResult>('/repositories/hist/refs/pick-a/merge/pick-b', {
      message: 'settled',
      conflict_resolutions: { 'shared/one.txt': 'source', 'shared/two.txt': 'dest', 'shared/three.txt': 'source' },
    });
    expect(res.status).toBe(200);
    const merged = await api.get<Commit>(`/repositories/hist/commits/${res.body.reference}`);
    expect(merged.body.parents).toEqual([before, (await api.get<Ref>('/repositories/hist/branches/pick-a')).body.commit_id]);
    expect(merged.body.metadata?.['.lakefs.merge.strategy']).toBe('default');
    expect((await api.get<string>(objectPath('hist', 'pick-b', 'shared/one.txt'))).body).toBe('a one');
    expect((await api.get<string>(objectPath('hist', 'pick-b', 'shared/two.txt'))).body).toBe('b two');
    expect((await api.get(objectPath('hist', 'pick-b', 'shared/three.txt'))).status).toBe(404);
  });

  it('refuses to merge into a dirty branch, and reports merge bases', async () => {
    await api.post('/repositories/hist/branches', { name: 'dirty', source: 'main' });
    await api.upload('hist', 'dirty', 'wip.txt', 'w');
    await api.upload('hist', 'right', 'more.txt', 'm');
    await commit('right', 'more');
    const res = await api.post<ErrorBody>('/repositories/hist/refs/right/merge/dirty', {});
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/uncommitted changes/);
    const base = await api.get<FindMergeBaseResult>('/repositories/hist/refs/right/merge/main');
    expect(base.status).toBe(200);
    expect(base.body.base_commit_id).toMatch(/^[0-9a-f]{64}$/);
    expect((await api.post('/repositories/hist/refs/right/merge/main', '{not json', { 'content-type': 'application/json' })).status).toBe(400);
  });
});

describe('an empty tree', () => {
  it('is a real metarange of its own once a commit deletes everything, and merging from it is a merge', async () => {
    expect((await api.post('/repositories', { name: 'emptied', storage_namespace: 'local://emptied' })).status).toBe(201);
    const log = await api.get<Page<Commit>>('/repositories/emptied/refs/main/commits');
    // Only the repository's first commit has no metarange.
    expect(log.body.results.map((c) => c.meta_range_id)).toEqual(['']);
    expect((await api.post('/repositories/emptied/branches', { name: 'scratch', source: 'main' })).status).toBe(201);
    await api.upload('emptied', 'scratch', 'tmp.txt', 'x');
    const added = await api.post<Commit>('/repositories/emptied/branches/scratch/commits', { message: 'add' });
    expect((await api.delete(`/repositories/emptied/branches/scratch/objects?path=tmp.txt`)).status).toBe(204);
    const removed = await api.post<Commit>('/repositories/emptied/branches/scratch/commits', { message: 'remove' });
    expect(removed.status).toBe(201);
    expect(removed.body.meta_range_id).toMatch(/^[0-9a-f]{64}$/);
    expect(removed.body.meta_range_id).not.toBe(added.body.meta_range_id);
    const merged = await api.post<MergeResult>('/repositories/emptied/refs/scratch/merge/main', {});
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    const head = await api.get<Commit>('/repositories/emptied/commits/main');
    expect(head.body.parents).toHaveLength(2);
    expect(head.body.meta_range_id).toBe(removed.body.meta_range_id);
    const listing = await api.get<Page<unknown>>('/repositories/emptied/refs/main/objects/ls');
    expect(listing.body.results).toEqual([]);
  });
});

describe('merge base', () => {
  it('is the commit where the two histories parted, and 404 for a ref that does not exist', async () => {
    await api.post('/repositories/hist/branches', { name: 'base-a', source: 'main' });
    const fork = (await api.get<Ref>('/repositories/hist/branches/base-a')).body.commit_id;
    await api.post('/repositories/hist/branches', { name: 'base-b', source: 'main' });
    await api.upload('hist', 'base-a', 'base-a.txt', 'a');
    const a = await commit('base-a', 'on a');
    await api.upload('hist', 'base-b', 'base-b.txt', 'b');
    const b = await commit('base-b', 'on b');
    const res = await api.get<FindMergeBaseResult>('/repositories/hist/refs/base-a/merge/base-b');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ source_commit_id: a.id, destination_commit_id: b.id, base_commit_id: fork });
    expect((await api.get('/repositories/hist/refs/no-such-ref/merge/base-b')).status).toBe(404);
  });
});

describe('revert and cherry-pick', () => {
  it('reverts a commit on a branch', async () => {
    await api.upload('hist', 'main', 'oops.txt', 'oops');
    const bad = await commit('main', 'oops');
    const res = await api.post(`/repositories/hist/branches/main/revert`, { ref: bad.id, parent_number: 0 });
    expect(res.status).toBe(204);
    expect((await api.get(objectPath('hist', 'main', 'oops.txt'))).status).toBe(404);
    const head = await api.get<Commit>('/repositories/hist/commits/main');
    expect(head.body.message).toMatch(/Revert/);
    expect((await api.post('/repositories/hist/branches/main/revert', {})).status).toBe(400);
    // lakeFS requires the parent number, 0 for a commit with one parent.
    const unnumbered = await api.post<ErrorBody>('/repositories/hist/branches/main/revert', { ref: bad.id });
    expect(unnumbered).toMatchObject({ status: 400, body: { message: expect.stringMatching(/parent_number/) } });
  });

  it('answers a revert that conflicts with later changes with 409 and both sides', async () => {
    await api.upload('hist', 'main', 'later.txt', 'first');
    const first = await commit('main', 'later first');
    await api.upload('hist', 'main', 'later.txt', 'second');
    await commit('main', 'later second');
    const before = (await api.get<Ref>('/repositories/hist/branches/main')).body.commit_id;
    const res = await api.post<MergeConflict>('/repositories/hist/branches/main/revert', { ref: first.id, parent_number: 0 });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: 'conflict found', reference: '' });
    expect(res.body.conflicts).toEqual([{ path: 'later.txt', source: null, dest: expect.objectContaining({ checksum: md5('second'), size_bytes: 6 }) }]);
    expect((await api.get<Ref>('/repositories/hist/branches/main')).body.commit_id).toBe(before);
  });

  it('cherry-picks a commit onto a branch', async () => {
    await api.post('/repositories/hist/branches', { name: 'pick-from', source: 'main' });
    await api.post('/repositories/hist/branches', { name: 'pick-to', source: 'main' });
    await api.upload('hist', 'pick-from', 'picked.txt', 'p');
    const source = await commit('pick-from', 'worth picking');
    const res = await api.post<Commit>('/repositories/hist/branches/pick-to/cherry-pick', { ref: source.id });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('worth picking');
    expect(res.body.metadata?.['cherry-pick-origin']).toBe(source.id);
    expect((await api.get<string>(objectPath('hist', 'pick-to', 'picked.txt'))).body).toBe('p');
  });
});
