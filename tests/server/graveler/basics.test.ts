import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AlreadyExistsError,
  ForbiddenError,
  InvalidRefError,
  NoChangesError,
  NotFoundError,
  ReadOnlyRepositoryError,
  RepositoryInDeletionError,
  ValidationError,
  PreconditionFailedError,
} from '../../../server/errors';
import { entry, listAll, openEnv, tickingClock, type Env } from './helpers';

describe('graveler repositories, branches, tags, objects', () => {
  let env: Env;
  beforeEach(async () => {
    env = await openEnv({ now: tickingClock() });
  });
  afterEach(async () => {
    await env.close();
  });

  it('creates a repository with a first commit and a default branch', async () => {
    const repo = await env.g.createRepository({ id: 'repo1', storageNamespace: 'local://repo1' });
    expect(repo).toMatchObject({ id: 'repo1', defaultBranch: 'main', readOnly: false, state: 'active' });
    const main = await env.g.getBranch('repo1', 'main');
    const first = await env.g.getCommit('repo1', 'main');
    expect(first).toMatchObject({ id: main.commitId, message: 'Repository created', committer: '', parents: [], metaRangeId: '', generation: 1 });
    await expect(env.g.createRepository({ id: 'repo1', storageNamespace: 'local://other' })).rejects.toBeInstanceOf(AlreadyExistsError);
    await expect(env.g.createRepository({ id: 'repo2', storageNamespace: 'local://repo1' })).rejects.toThrow('storage namespace already in use');
    await expect(env.g.createRepository({ id: 'Bad_Id', storageNamespace: 'local://x' })).rejects.toBeInstanceOf(ValidationError);
    await expect(env.g.createRepository({ id: 'repo3', storageNamespace: 'local://../x' })).rejects.toBeInstanceOf(ValidationError);
    await expect(env.g.getRepository('nope')).rejects.toThrow('repository not found');
  });

  it('undoes a creation whose populate step fails: no records, no namespace claim', async () => {
    const populate = async (r: { id: string }) => {
      await env.g.putObject(r.id, 'main', 'staged', entry('s'));
      throw new Error('sample data failed');
    };
    await expect(env.g.createRepository({ id: 'undone', storageNamespace: 'local://undone' }, populate)).rejects.toThrow('sample data failed');
    await expect(env.g.getRepository('undone')).rejects.toBeInstanceOf(NotFoundError);
    expect(await env.kv.scan({ prefix: 'graveler/r/undone/' })).toEqual([]);
    expect(await env.kv.get('graveler/repos/undone')).toBeUndefined();
    await env.g.createRepository({ id: 'undone', storageNamespace: 'local://undone' });
    expect((await env.g.getBranch('undone', 'main')).id).toBe('main');
  });

  it('lists repositories with prefix, after, amount and search', async () => {
    for (const id of ['alpha', 'beta', 'bravo', 'charlie']) await env.g.createRepository({ id, storageNamespace: `local://${id}` });
    const p1 = await env.g.listRepositories({ amount: 2 });
    expect(p1.results.map((r) => r.id)).toEqual(['alpha', 'beta']);
    expect(p1).toMatchObject({ hasMore: true, nextOffset: 'beta' });
    const p2 = await env.g.listRepositories({ amount: 2, after: 'beta' });
    expect(p2.results.map((r) => r.id)).toEqual(['bravo', 'charlie']);
    expect(p2).toMatchObject({ hasMore: false, nextOffset: '' });
    expect((await env.g.listRepositories({ prefix: 'b' })).results.map((r) => r.id)).toEqual(['beta', 'bravo']);
    expect((await env.g.listRepositories({ search: 'ar' })).results.map((r) => r.id)).toEqual(['charlie']);
  });

  it('deletes a repository with everything in it', async () => {
    await env.g.createRepository({ id: 'doomed', storageNamespace: 'local://doomed' });
    await env.g.putObject('doomed', 'main', 'a', entry('a'));
    await env.g.deleteRepository('doomed');
    await expect(env.g.getRepository('doomed')).rejects.toBeInstanceOf(NotFoundError);
    expect(await env.kv.scan({ prefix: 'graveler/r/doomed/' })).toEqual([]);
  });

  it('answers 410 for a repository left in deletion, and deleting again finishes it', async () => {
    await env.g.createRepository({ id: 'half', storageNamespace: 'local://half' });
    const raw = await env.kv.get('graveler/repos/half');
    const rec = JSON.parse(new TextDecoder().decode(raw));
    await env.kv.set('graveler/repos/half', new TextEncoder().encode(JSON.stringify({ ...rec, state: 'in_deletion' })));
    await expect(env.g.getRepository('half')).rejects.toBeInstanceOf(RepositoryInDeletionError);
    await expect(env.g.listBranches('half', {})).rejects.toThrow('repository in deletion');
    await env.g.deleteRepository('half');
    await expect(env.g.getRepository('half')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('refuses writes to a read-only repository unless forced', async () => {
    await env.g.createRepository({ id: 'ro-repo', storageNamespace: 'local://ro-repo', readOnly: true });
    await expect(env.g.putObject('ro-repo', 'main', 'a', entry('a'))).rejects.toBeInstanceOf(ReadOnlyRepositoryError);
    await expect(env.g.createBranch('ro-repo', 'dev', 'main')).rejects.toThrow('read-only repository');
    await env.g.putObject('ro-repo', 'main', 'a', entry('a'), { force: true });
    expect(await env.g.getObject('ro-repo', 'main', 'a')).toEqual(entry('a'));
  });

  it('creates, gets, lists and deletes branches', async () => {
    await env.g.createRepository({ id: 'rep', storageNamespace: 'local://rep' });
    await env.g.putObject('rep', 'main', 'f', entry('f'));
    const c1 = await env.g.commit('rep', 'main', { committer: 'u', message: 'one' });
    for (const b of ['dev', 'feature-a', 'feature-b']) await env.g.createBranch('rep', b, 'main');
    await env.g.createBranch('rep', 'secret', 'main', { hidden: true });
    expect((await env.g.getBranch('rep', 'dev')).commitId).toBe(c1.id);
    await expect(env.g.createBranch('rep', 'dev', 'main')).rejects.toThrow('branch already exists');
    await expect(env.g.createBranch('rep', 'bad name', 'main')).rejects.toBeInstanceOf(ValidationError);
    await expect(env.g.createBranch('rep', 'x', 'nowhere')).rejects.toBeInstanceOf(NotFoundError);
    await expect(env.g.createBranch('rep', 'x', 'main$')).rejects.toThrow('reference to staging area with $ is not a commit');
    const all = await env.g.listBranches('rep', {});
    expect(all.results.map((b) => b.id)).toEqual(['dev', 'feature-a', 'feature-b', 'main']);
    expect((await env.g.listBranches('rep', { showHidden: true })).results.map((b) => b.id)).toContain('secret');
    const page = await env.g.listBranches('rep', { prefix: 'feature-', amount: 1 });
    expect(page).toMatchObject({ hasMore: true, nextOffset: 'feature-a' });
    expect((await env.g.listBranches('rep', { prefix: 'feature-', after: 'feature-a' })).results.map((b) => b.id)).toEqual(['feature-b']);
    await env.g.deleteBranch('rep', 'dev');
    await expect(env.g.getBranch('rep', 'dev')).rejects.toThrow('branch not found');
    await expect(env.g.deleteBranch('rep', 'main')).rejects.toBeInstanceOf(ForbiddenError);
    await expect(env.g.deleteBranch('rep', 'dev')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('a new branch does not carry the source branch staging', async () => {
    await env.g.createRepository({ id: 'rep', storageNamespace: 'local://rep' });
    await env.g.putObject('rep', 'main', 'staged', entry('s'));
    await env.g.createBranch('rep', 'dev', 'main');
    await expect(env.g.getObject('rep', 'dev', 'staged')).rejects.toThrow('object not found');
    expect((await env.g.getObject('rep', 'main', 'staged')).checksum).toBe('sum-s');
  });

  it('creates immutable tags and resolves them', async () => {
    await env.g.createRepository({ id: 'rep', storageNamespace: 'local://rep' });
    await env.g.putObject('rep', 'main', 'f', entry('f'));
    const c1 = await env.g.commit('rep', 'main', { committer: 'u', message: 'one' });
    expect(await env.g.createTag('rep', 'v1.0', 'main')).toEqual({ id: 'v1.0', commitId: c1.id });
    await expect(env.g.createTag('rep', 'v1.0', 'main')).rejects.toThrow('tag already exists');
    for (const bad of ['a..b', 'a/b', 'x.lock', 'end.', '@', 'a^b', 'a b', 'a:b']) {
      await expect(env.g.createTag('rep', bad, 'main'), bad).rejects.toBeInstanceOf(ValidationError);
    }
    await env.g.createTag('rep', 'v~2', 'main');
    expect((await env.g.getObject('rep', 'v1.0', 'f')).checksum).toBe('sum-f');
    expect((await env.g.listTags('rep', {})).results.map((t) => t.id)).toEqual(['v1.0', 'v~2']);
    await env.g.deleteTag('rep', 'v1.0');
    await expect(env.g.getTag('rep', 'v1.0')).rejects.toThrow('tag not found');
    await expect(env.g.deleteTag('rep', 'v1.0')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('reads, overwrites and deletes objects through staging', async () => {
    await env.g.createRepository({ id: 'rep', storageNamespace: 'local://rep' });
    await env.g.putObject('rep', 'main', 'a', entry('a1'));
    expect(await env.g.getObject('rep', 'main', 'a')).toEqual(entry('a1'));
    await env.g.commit('rep', 'main', { committer: 'u', message: 'c' });
    await env.g.putObject('rep', 'main', 'a', entry('a2'));
    expect((await env.g.getObject('rep', 'main', 'a')).checksum).toBe('sum-a2');
    expect((await env.g.getObject('rep', 'main@', 'a')).checksum).toBe('sum-a1');
    await env.g.deleteObject('rep', 'main', 'a');
    await expect(env.g.getObject('rep', 'main', 'a')).rejects.toThrow('object not found');
    expect((await env.g.getObject('rep', 'main@', 'a')).checksum).toBe('sum-a1');
    await env.g.deleteObject('rep', 'main', 'never-existed');
    await expect(env.g.putObject('rep', 'main', '', entry('x'))).rejects.toBeInstanceOf(ValidationError);
  });

  it('honours If-None-Match and If-Match on writes', async () => {
    await env.g.createRepository({ id: 'rep', storageNamespace: 'local://rep' });
    await env.g.putObject('rep', 'main', 'a', entry('a1'), { ifAbsent: true });
    await expect(env.g.putObject('rep', 'main', 'a', entry('a2'), { ifAbsent: true })).rejects.toThrow('path already exists');
    await expect(env.g.putObject('rep', 'main', 'a', entry('a2'), { ifMatchChecksum: 'nope' })).rejects.toBeInstanceOf(PreconditionFailedError);
    await env.g.putObject('rep', 'main', 'a', entry('a2'), { ifMatchChecksum: 'sum-a1' });
    expect((await env.g.getObject('rep', 'main', 'a')).checksum).toBe('sum-a2');
    const racers = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => env.g.putObject('rep', 'main', 'race', entry(`r${i}`), { ifAbsent: true })),
    );
    expect(racers.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('keys with any unicode are stored and listed in byte order', async () => {
    await env.g.createRepository({ id: 'rep', storageNamespace: 'local://rep' });
    const paths = ['z', 'a/../../etc/passwd', '\u{1f600}', '\uff5e', 'é', 'A', 'with space', 'nul\0inside'];
    for (const p of paths) await env.g.putObject('rep', 'main', p, entry(p));
    const expected = [...paths].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    expect(await listAll(env.g, 'rep', 'main', { amount: 3 })).toEqual(expected);
    await env.g.commit('rep', 'main', { committer: 'u', message: 'c' });
    expect(await listAll(env.g, 'rep', 'main', { amount: 3 })).toEqual(expected);
    await expect(env.g.putObject('rep', 'main', 'bad\ud800', entry('x'))).rejects.toBeInstanceOf(ValidationError);
  });

  it('refuses to commit nothing unless allowed', async () => {
    await env.g.createRepository({ id: 'rep', storageNamespace: 'local://rep' });
    await expect(env.g.commit('rep', 'main', { committer: 'u', message: 'empty' })).rejects.toBeInstanceOf(NoChangesError);
    const c = await env.g.commit('rep', 'main', { committer: 'u', message: 'empty', allowEmpty: true, metadata: { k: 'v' } });
    expect(c).toMatchObject({ message: 'empty', committer: 'u', metadata: { k: 'v' }, generation: 2 });
    // A staged value identical to the committed one is not a change.
    await env.g.putObject('rep', 'main', 'a', entry('a'));
    await env.g.commit('rep', 'main', { committer: 'u', message: 'a' });
    await env.g.putObject('rep', 'main', 'a', entry('a', { address: 'data/elsewhere' }));
    await env.g.deleteObject('rep', 'main', 'a');
    await env.g.putObject('rep', 'main', 'a', entry('a'));
    await expect(env.g.commit('rep', 'main', { committer: 'u', message: 'same' })).rejects.toThrow('no changes');
  });

  it('validates refs', async () => {
    await env.g.createRepository({ id: 'rep', storageNamespace: 'local://rep' });
    await expect(env.g.getCommit('rep', 'main~x')).rejects.toBeInstanceOf(InvalidRefError);
    await expect(env.g.getCommit('rep', 'has space')).rejects.toBeInstanceOf(InvalidRefError);
    await expect(env.g.getCommit('rep', 'main@~1')).rejects.toBeInstanceOf(InvalidRefError);
    await expect(env.g.getCommit('rep', 'main~1')).rejects.toThrow('commit not found');
    await expect(env.g.getCommit('rep', 'unknown')).rejects.toThrow('ref not found');
  });
});

describe('graveler commits that change nothing', () => {
  it('leave no sealed staging behind', async () => {
    const env = await openEnv();
    try {
      await env.g.createRepository({ id: 'noop', storageNamespace: 'local://noop' });
      await env.g.putObject('noop', 'main', 'a', entry('a'));
      await env.g.commit('noop', 'main', { committer: 'u', message: 'a' });
      await env.g.putObject('noop', 'main', 'a', entry('a'));
      await env.g.deleteObject('noop', 'main', 'never');
      for (let i = 0; i < 3; i++) {
        await expect(env.g.commit('noop', 'main', { committer: 'u', message: 'again' })).rejects.toBeInstanceOf(NoChangesError);
      }
      const raw = await env.kv.get('graveler/r/noop/branches/main');
      expect(JSON.parse(new TextDecoder().decode(raw)).sealedTokens).toEqual([]);
      expect((await env.g.getObject('noop', 'main', 'a')).checksum).toBe('sum-a');
    } finally {
      await env.close();
    }
  });
});
