import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidRefError, NotFoundError } from '../../../server/errors';
import type { Commit } from '../../../server/graveler/index';
import { entry, openEnv, tickingClock, type Env } from './helpers';

const repo = 'refsrepo';

describe('graveler ref expressions and log', () => {
  let env: Env;
  let first: Commit;
  let c1: Commit;
  let c2: Commit;
  let f1: Commit;
  let m: Commit;

  // main: first - c1 - c2 - m ; feature: c1 - f1 ; m merges feature
  beforeAll(async () => {
    env = await openEnv({ now: tickingClock() });
    await env.g.createRepository({ id: repo, storageNamespace: `local://${repo}` });
    first = await env.g.getCommit(repo, 'main');
    await env.g.putObject(repo, 'main', 'a', entry('a1'));
    c1 = await env.g.commit(repo, 'main', { committer: 'alice', message: 'c1' });
    await env.g.createBranch(repo, 'feature', 'main');
    await env.g.putObject(repo, 'feature', 'dir/f', entry('f1'));
    f1 = await env.g.commit(repo, 'feature', { committer: 'bob', message: 'f1' });
    await env.g.putObject(repo, 'main', 'a', entry('a2'));
    c2 = await env.g.commit(repo, 'main', { committer: 'alice', message: 'c2' });
    m = await env.g.merge(repo, 'feature', 'main', { committer: 'carol' });
    await env.g.createTag(repo, 'v1', c1.id);
  });
  afterAll(async () => {
    await env.close();
  });

  it('resolves branch, tag, full id and unique prefix', async () => {
    expect((await env.g.resolveRef(repo, 'main')).commitId).toBe(m.id);
    expect(await env.g.resolveRef(repo, 'main')).toMatchObject({ type: 'branch', branchId: 'main', includeStaging: true });
    expect(await env.g.resolveRef(repo, 'v1')).toMatchObject({ type: 'tag', commitId: c1.id, includeStaging: false });
    expect(await env.g.resolveRef(repo, c2.id)).toMatchObject({ type: 'commit', commitId: c2.id });
    const prefixes = [c2.id.slice(0, 12), c2.id.slice(0, 6).toUpperCase()];
    for (const p of prefixes) expect((await env.g.resolveRef(repo, p)).commitId).toBe(c2.id);
    await expect(env.g.resolveRef(repo, 'zzzz')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('a branch beats a tag and a full commit id beats a branch', async () => {
    await env.g.createBranch(repo, 'v1', 'main');
    expect(await env.g.resolveRef(repo, 'v1')).toMatchObject({ type: 'branch', commitId: m.id });
    await env.g.deleteBranch(repo, 'v1');
    await env.g.createBranch(repo, c1.id, 'main');
    expect(await env.g.resolveRef(repo, c1.id)).toMatchObject({ type: 'commit', commitId: c1.id });
    await env.g.deleteBranch(repo, c1.id);
  });

  it('applies ~N, ^N, @ and $', async () => {
    expect((await env.g.getCommit(repo, 'main~1')).id).toBe(c2.id);
    expect((await env.g.getCommit(repo, 'main~')).id).toBe(c2.id);
    expect((await env.g.getCommit(repo, 'main~2')).id).toBe(c1.id);
    expect((await env.g.getCommit(repo, 'main~3')).id).toBe(first.id);
    await expect(env.g.getCommit(repo, 'main~4')).rejects.toThrow('commit not found');
    expect((await env.g.getCommit(repo, 'main^2')).id).toBe(f1.id);
    expect((await env.g.getCommit(repo, 'main^')).id).toBe(c2.id);
    expect((await env.g.getCommit(repo, 'main^0')).id).toBe(m.id);
    expect((await env.g.getCommit(repo, 'main^2~1')).id).toBe(c1.id);
    expect((await env.g.getCommit(repo, `${m.id.slice(0, 10)}~1^1`)).id).toBe(c1.id);
    await expect(env.g.getCommit(repo, 'main^3')).rejects.toBeInstanceOf(InvalidRefError);
    expect(await env.g.resolveRef(repo, 'main@')).toMatchObject({ type: 'branch', includeStaging: false, commitId: m.id });
    expect(await env.g.resolveRef(repo, 'main$')).toMatchObject({ includeStaging: true, stagingMarker: true });
    await expect(env.g.getCommit(repo, 'main$')).rejects.toThrow('reference to staging area with $ is not a commit');
    await expect(env.g.resolveRef(repo, 'v1@')).rejects.toBeInstanceOf(InvalidRefError);
    await expect(env.g.resolveRef(repo, 'main~1@')).rejects.toBeInstanceOf(InvalidRefError);
  });

  it('computes the merge commit as lakeFS does', () => {
    expect(m.parents).toEqual([c2.id, f1.id]);
    expect(m.generation).toBe(Math.max(c2.generation, f1.generation) + 1);
    expect(m.message).toBe("Merge 'feature' into 'main'");
    expect(m.metadata['.lakefs.merge.strategy']).toBe('default');
  });

  it('logs newest first with paging, first_parent and path filters', async () => {
    const all = await env.g.log(repo, 'main', {});
    expect(all.results.map((c) => c.message)).toEqual(['Merge \'feature\' into \'main\'', 'c2', 'f1', 'c1', 'Repository created']);
    const p1 = await env.g.log(repo, 'main', { amount: 2 });
    expect(p1).toMatchObject({ hasMore: true, nextOffset: c2.id });
    const p2 = await env.g.log(repo, 'main', { amount: 2, after: p1.nextOffset });
    expect(p2.results.map((c) => c.id)).toEqual([f1.id, c1.id]);
    const fp = await env.g.log(repo, 'main', { firstParent: true });
    expect(fp.results.map((c) => c.message)).toEqual(['Merge \'feature\' into \'main\'', 'c2', 'c1', 'Repository created']);
    const blameA = await env.g.log(repo, 'main', { objects: ['a'], amount: 1 });
    expect(blameA.results.map((c) => c.id)).toEqual([c2.id]);
    const allA = await env.g.log(repo, 'main', { objects: ['a'] });
    expect(allA.results.map((c) => c.id)).toEqual([c2.id, c1.id]);
    const dir = await env.g.log(repo, 'main', { prefixes: ['dir/'] });
    expect(dir.results.map((c) => c.id)).toEqual([f1.id]);
    const limited = await env.g.log(repo, 'main', { objects: ['a'], amount: 1, limit: true });
    expect(limited).toMatchObject({ hasMore: false });
    const stopped = await env.g.log(repo, 'main', { stopAt: c2.id });
    expect(stopped.results.map((c) => c.id)).toEqual([m.id, c2.id]);
    const since = await env.g.log(repo, 'main', { since: c2.creationDate });
    expect(since.results.map((c) => c.id)).toEqual([m.id, c2.id]);
  });

  it('finds the merge base', async () => {
    await env.g.createBranch(repo, 'side', c2.id);
    await env.g.putObject(repo, 'side', 's', entry('s'));
    await env.g.commit(repo, 'side', { committer: 'u', message: 's' });
    const base = await env.g.findMergeBase(repo, 'side', 'feature');
    expect(base.baseCommitId).toBe(c1.id);
    expect((await env.g.findMergeBase(repo, 'main', 'side')).baseCommitId).toBe(c2.id);
  });
});
