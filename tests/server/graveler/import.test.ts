import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DirtyBranchError, ProtectedBranchError, ReadOnlyRepositoryError } from '../../../server/errors';
import { entry, listAll, openEnv, tickingClock, type Env } from './helpers';

const repo = 'importer';
const full = { addressType: 'full' as const };

describe('graveler import', () => {
  let env: Env;
  beforeEach(async () => {
    env = await openEnv({ now: tickingClock(), raggedness: 2 });
    await env.g.createRepository({ id: repo, storageNamespace: `local://${repo}` });
    for (const p of ['a/1', 'a/2', 'a/b/1', 'ab', 'b/1']) await env.g.putObject(repo, 'main', p, entry(p));
    await env.g.commit(repo, 'main', { committer: 'u', message: 'base' });
  });
  afterEach(async () => {
    await env.close();
  });

  const imported = () =>
    env.g.writeMetaRange(repo, [
      { path: 'a/2', entry: entry('imported-2', { ...full, address: 'local:///source/x/2' }) },
      { path: 'a/3', entry: entry('imported-3', { ...full, address: 'local:///source/x/3' }) },
      { path: 'c/1', entry: entry('imported-c', { ...full, address: 'local:///source/y/1' }) },
    ]);

  it('replaces the destination prefixes with the imported tree in one commit', async () => {
    const c = await env.g.importMetaRange(repo, 'main', await imported(), { committer: 'importer', message: '', replacePrefixes: ['a/', 'a/b/', 'c/'] });
    expect(c).toMatchObject({ message: 'Import objects', committer: 'importer', metadata: { '.lakefs.merge.strategy': 'source-wins' } });
    expect(await listAll(env.g, repo, 'main')).toEqual(['a/2', 'a/3', 'ab', 'b/1', 'c/1']);
    expect(await env.g.getObject(repo, 'main', 'a/2')).toMatchObject({ checksum: 'sum-imported-2', addressType: 'full', address: 'local:///source/x/2' });
    expect((await env.g.log(repo, 'main', {})).results).toHaveLength(3);
    expect(await env.g.getRepositoryMetadata(repo)).toEqual({ '.lakefs.last.import.timestamp': String(c.creationDate) });
  });

  it('rebuilds on the new head when the branch moved while the commit was being made', async () => {
    const tree = await imported();
    let moved = false;
    const c = await env.g.importMetaRange(repo, 'main', tree, {
      committer: 'importer',
      message: 'import',
      replacePrefixes: ['c/'],
      beforeBranchMove: async () => {
        if (moved) return;
        moved = true;
        // Another commit lands on the branch between this import's build and its branch move.
        await env.g.putObject(repo, 'main', 'z', entry('z'));
        await env.g.commit(repo, 'main', { committer: 'other', message: 'meanwhile' });
      },
    });
    expect(c.message).toBe('import');
    expect(await listAll(env.g, repo, 'main')).toEqual(['a/1', 'a/2', 'a/3', 'a/b/1', 'ab', 'b/1', 'c/1', 'z']);
    expect((await env.g.log(repo, 'main', {})).results.map((x) => x.message)).toEqual(['import', 'meanwhile', 'base', 'Repository created']);
  });

  it('refuses a dirty branch, an import that changes nothing, a read-only repository and a protected branch', async () => {
    const tree = await imported();
    await env.g.putObject(repo, 'main', 'dirty', entry('d'));
    await expect(env.g.importMetaRange(repo, 'main', tree, { committer: 'u', message: 'm' })).rejects.toBeInstanceOf(DirtyBranchError);
    await env.g.resetBranch(repo, 'main');
    const same = await env.g.writeMetaRange(repo, [{ path: 'b/1', entry: entry('b/1') }]);
    await expect(env.g.importMetaRange(repo, 'main', same, { committer: 'u', message: 'm' })).rejects.toThrow('no changes');
    await env.g.setBranchProtection(repo, ['main']);
    await expect(env.g.importMetaRange(repo, 'main', tree, { committer: 'u', message: 'm' })).rejects.toBeInstanceOf(ProtectedBranchError);
    await env.g.setBranchProtection(repo, []);
    await env.g.setReadOnly(repo, true);
    await expect(env.g.importMetaRange(repo, 'main', tree, { committer: 'u', message: 'm' })).rejects.toBeInstanceOf(ReadOnlyRepositoryError);
    expect((await env.g.importMetaRange(repo, 'main', tree, { committer: 'u', message: 'forced', force: true })).message).toBe('forced');
  });

  it('stops building when its signal is aborted, and moves nothing', async () => {
    const stop = new AbortController();
    stop.abort(new Error('server closing'));
    const head = (await env.g.getBranch(repo, 'main')).commitId;
    await expect(env.g.importMetaRange(repo, 'main', await imported(), { committer: 'u', message: 'm', signal: stop.signal })).rejects.toThrow('server closing');
    expect((await env.g.getBranch(repo, 'main')).commitId).toBe(head);
  });
});
