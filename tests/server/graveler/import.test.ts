import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DirtyBranchError } from '../../../server/errors';
import { entry, listAll, openEnv, tickingClock, type Env } from './helpers';

const repo = 'importer';

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

  it('replaces the destination prefixes with the imported records in one commit', async () => {
    const seen: number[] = [];
    const full = { addressType: 'full' as const };
    async function* records() {
      yield { path: 'a/2', entry: entry('imported-2', { ...full, address: 'local://source/x/2' }) };
      yield { path: 'a/3', entry: entry('imported-3', { ...full, address: 'local://source/x/3' }) };
      yield { path: 'c/1', entry: entry('imported-c', { ...full, address: 'local://source/y/1' }) };
    }
    const c = await env.g.importObjects(repo, 'main', records(), {
      committer: 'importer',
      message: '',
      replacePrefixes: ['a/', 'a/b/', 'c/'],
      onProgress: (n) => seen.push(n),
    });
    expect(c).toMatchObject({ message: 'Import objects', committer: 'importer', metadata: { '.lakefs.merge.strategy': 'source-wins' } });
    expect(seen).toEqual([1, 2, 3]);
    expect(await listAll(env.g, repo, 'main')).toEqual(['a/2', 'a/3', 'ab', 'b/1', 'c/1']);
    expect(await env.g.getObject(repo, 'main', 'a/2')).toMatchObject({ checksum: 'sum-imported-2', addressType: 'full' });
    expect((await env.g.log(repo, 'main', {})).results).toHaveLength(3);
  });

  it('refuses a dirty branch and an import that changes nothing', async () => {
    await env.g.putObject(repo, 'main', 'dirty', entry('d'));
    await expect(env.g.importObjects(repo, 'main', [], { committer: 'u', message: 'm', replacePrefixes: [] })).rejects.toBeInstanceOf(DirtyBranchError);
    await env.g.resetBranch(repo, 'main');
    await expect(env.g.importObjects(repo, 'main', [{ path: 'b/1', entry: entry('b/1') }], { committer: 'u', message: 'm' })).rejects.toThrow('no changes');
  });
});
