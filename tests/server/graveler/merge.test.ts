import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError, DirtyBranchError, NoChangesError, ParentNumberRequiredError, ValidationError } from '../../../server/errors';
import type { Graveler, MergeStrategy } from '../../../server/graveler/index';
import { entry, listAll, openEnv, tickingClock, type Env } from './helpers';

type V = 'A' | 'B' | 'C' | 'X';

// The three-way outcome table: base, source, destination → result ('!' = conflict).
const TABLE: [V, V, V, V | '!'][] = [
  ['A', 'A', 'A', 'A'],
  ['A', 'B', 'B', 'B'],
  ['A', 'B', 'C', '!'],
  ['A', 'A', 'B', 'B'],
  ['A', 'B', 'A', 'B'],
  ['A', 'X', 'X', 'X'],
  ['A', 'B', 'X', '!'],
  ['A', 'X', 'B', '!'],
  ['A', 'A', 'X', 'X'],
  ['A', 'X', 'A', 'X'],
  ['X', 'B', 'C', '!'],
  ['X', 'B', 'B', 'B'],
];

async function setSide(g: Graveler, repo: string, branch: string, base: V, value: V): Promise<void> {
  if (value === base) return;
  if (value === 'X') await g.deleteObject(repo, branch, 'key');
  else await g.putObject(repo, branch, 'key', entry(value));
}

/** The conflict details of a table value: what the side holds, or null when it deleted the key. */
function side(v: V) {
  return v === 'X' ? null : { size: 1, mtime: 1_700_000_000, checksum: `sum-${v}`, contentType: 'application/octet-stream' };
}

async function valueOf(g: Graveler, repo: string, ref: string): Promise<V> {
  try {
    return (await g.getObject(repo, ref, 'key')).checksum.slice('sum-'.length) as V;
  } catch {
    return 'X';
  }
}

describe('graveler merge', () => {
  let env: Env;
  let n = 0;

  beforeAll(async () => {
    env = await openEnv({ now: tickingClock() });
  });
  afterAll(async () => {
    await env.close();
  });

  async function scenario(base: V, source: V, dest: V): Promise<string> {
    const repo = `table-${n++}`;
    await env.g.createRepository({ id: repo, storageNamespace: `local://${repo}` });
    await env.g.putObject(repo, 'main', 'keep', entry('keep'));
    if (base !== 'X') await env.g.putObject(repo, 'main', 'key', entry(base));
    await env.g.commit(repo, 'main', { committer: 'u', message: 'base' });
    await env.g.createBranch(repo, 'src', 'main');
    await env.g.createBranch(repo, 'dst', 'main');
    await setSide(env.g, repo, 'src', base, source);
    // Another change on each side so neither is an ancestor-only shortcut.
    await env.g.putObject(repo, 'src', 'only-src', entry('s'));
    await env.g.commit(repo, 'src', { committer: 'u', message: 'src' });
    await setSide(env.g, repo, 'dst', base, dest);
    await env.g.putObject(repo, 'dst', 'only-dst', entry('d'));
    await env.g.commit(repo, 'dst', { committer: 'u', message: 'dst' });
    return repo;
  }

  for (const [base, source, dest, result] of TABLE) {
    for (const strategy of ['', 'source-wins', 'dest-wins'] as MergeStrategy[]) {
      const expected = result !== '!' ? result : strategy === 'source-wins' ? source : strategy === 'dest-wins' ? dest : '!';
      it(`base ${base}, source ${source}, dest ${dest}, strategy '${strategy}' → ${expected}`, async () => {
        const repo = await scenario(base, source, dest);
        const before = (await env.g.getBranch(repo, 'dst')).commitId;
        if (expected === '!') {
          const err = await env.g.merge(repo, 'src', 'dst', { committer: 'm', strategy }).catch((e: unknown) => e);
          expect(err).toBeInstanceOf(ConflictError);
          expect((err as ConflictError).conflicts).toEqual([{ path: 'key', source: side(source), dest: side(dest) }]);
          expect((err as ConflictError).message).toBe('conflict found');
          expect((await env.g.getBranch(repo, 'dst')).commitId).toBe(before);
          return;
        }
        const c = await env.g.merge(repo, 'src', 'dst', { committer: 'm', strategy });
        expect(await valueOf(env.g, repo, 'dst')).toBe(expected);
        expect(await listAll(env.g, repo, 'dst')).toEqual(
          ['keep', ...(expected === 'X' ? [] : ['key']), 'only-dst', 'only-src'].sort(),
        );
        expect(c.metadata['.lakefs.merge.strategy']).toBe(strategy === '' ? 'default' : strategy);
        expect(c.parents).toEqual([before, (await env.g.getBranch(repo, 'src')).commitId]);
      });
    }
  }

  for (const [base, source, dest, result] of TABLE.filter(([, , , r]) => r === '!')) {
    for (const side of ['source', 'dest'] as const) {
      it(`base ${base}, source ${source}, dest ${dest}, resolved to ${side} → ${side === 'source' ? source : dest}`, async () => {
        const repo = await scenario(base, source, dest);
        const before = (await env.g.getBranch(repo, 'dst')).commitId;
        const c = await env.g.merge(repo, 'src', 'dst', { committer: 'm', resolutions: { key: side } });
        expect(result).toBe('!');
        expect(await valueOf(env.g, repo, 'dst')).toBe(side === 'source' ? source : dest);
        expect(c.parents).toEqual([before, (await env.g.getBranch(repo, 'src')).commitId]);
        expect(c.metadata['.lakefs.merge.strategy']).toBe('default');
      });
    }
  }

  it('settles each conflict by its own resolution in one merge commit, and refuses what is left or does not conflict', async () => {
    const repo = `res-${n++}`;
    await env.g.createRepository({ id: repo, storageNamespace: `local://${repo}` });
    for (const k of ['a', 'b', 'c', 'd', 'e']) await env.g.putObject(repo, 'main', k, entry(`${k}0`));
    await env.g.commit(repo, 'main', { committer: 'u', message: 'base' });
    await env.g.createBranch(repo, 'src', 'main');
    await env.g.createBranch(repo, 'dst', 'main');
    // a, b, c: changed on both sides; d: deleted on the source, changed on the destination; e: source only.
    for (const k of ['a', 'b', 'c']) await env.g.putObject(repo, 'src', k, entry(`${k}-src`));
    await env.g.deleteObject(repo, 'src', 'd');
    await env.g.putObject(repo, 'src', 'e', entry('e-src'));
    await env.g.commit(repo, 'src', { committer: 'u', message: 'src' });
    for (const k of ['a', 'b', 'c', 'd']) await env.g.putObject(repo, 'dst', k, entry(`${k}-dst`, { contentType: 'text/plain' }));
    await env.g.commit(repo, 'dst', { committer: 'u', message: 'dst' });
    const before = (await env.g.getBranch(repo, 'dst')).commitId;

    const all = (await env.g.merge(repo, 'src', 'dst', { committer: 'm' }).catch((e: unknown) => e)) as ConflictError;
    expect(all).toBeInstanceOf(ConflictError);
    expect(all.conflicts.map((c) => c.path)).toEqual(['a', 'b', 'c', 'd']);
    expect(all.conflicts[3]).toEqual({
      path: 'd',
      source: null,
      dest: { size: 5, mtime: 1_700_000_000, checksum: 'sum-d-dst', contentType: 'text/plain' },
    });
    expect(all.conflicts[0]?.source).toEqual({ size: 5, mtime: 1_700_000_000, checksum: 'sum-a-src', contentType: 'application/octet-stream' });

    // Two settled, two left: the merge fails naming only those two, and nothing moves.
    const partial = (await env.g
      .merge(repo, 'src', 'dst', { committer: 'm', resolutions: { a: 'source', d: 'dest' } })
      .catch((e: unknown) => e)) as ConflictError;
    expect(partial.conflicts.map((c) => c.path)).toEqual(['b', 'c']);
    expect((await env.g.getBranch(repo, 'dst')).commitId).toBe(before);
    expect((await env.g.getObject(repo, 'dst', 'e')).checksum).toBe('sum-e0');

    // A resolution for a path that does not conflict (e changed on one side only, z nowhere) is refused.
    const stray = { a: 'source', b: 'dest', c: 'source', d: 'source', e: 'source' } as const;
    await expect(env.g.merge(repo, 'src', 'dst', { committer: 'm', resolutions: stray })).rejects.toThrow(
      'conflict resolution for a path that does not conflict: e',
    );
    await expect(
      env.g.merge(repo, 'src', 'dst', { committer: 'm', resolutions: { a: 'source', b: 'dest', c: 'source', d: 'source', z: 'dest' } }),
    ).rejects.toBeInstanceOf(ValidationError);
    expect((await env.g.getBranch(repo, 'dst')).commitId).toBe(before);

    const merged = await env.g.merge(repo, 'src', 'dst', { committer: 'm', resolutions: { a: 'source', b: 'dest', c: 'source', d: 'source' } });
    expect(merged.parents).toEqual([before, (await env.g.getBranch(repo, 'src')).commitId]);
    expect((await env.g.getBranch(repo, 'dst')).commitId).toBe(merged.id);
    const sums = async (k: string) => (await env.g.getObject(repo, 'dst', k)).checksum;
    expect([await sums('a'), await sums('b'), await sums('c'), await sums('e')]).toEqual(['sum-a-src', 'sum-b-dst', 'sum-c-src', 'sum-e-src']);
    expect(await listAll(env.g, repo, 'dst')).toEqual(['a', 'b', 'c', 'e']);
  });

  it('lets a resolution override the strategy for its path', async () => {
    const repo = await scenario('A', 'B', 'C');
    await env.g.merge(repo, 'src', 'dst', { committer: 'm', strategy: 'source-wins', resolutions: { key: 'dest' } });
    expect(await valueOf(env.g, repo, 'dst')).toBe('C');
  });

  it('refuses resolutions where nothing can conflict: a fast-forward of content, or nothing to merge', async () => {
    const repo = `ffr-${n++}`;
    await env.g.createRepository({ id: repo, storageNamespace: `local://${repo}` });
    await env.g.createBranch(repo, 'feat', 'main');
    await env.g.putObject(repo, 'feat', 'x', entry('x'));
    await env.g.commit(repo, 'feat', { committer: 'u', message: 'x' });
    await expect(env.g.merge(repo, 'feat', 'main', { committer: 'm', resolutions: { x: 'source' } })).rejects.toBeInstanceOf(ValidationError);
    await expect(env.g.merge(repo, 'main', 'feat', { committer: 'm', resolutions: { x: 'dest' } })).rejects.toBeInstanceOf(ValidationError);
    await expect(env.g.merge(repo, 'feat', 'main', { committer: 'm', resolutions: { '': 'dest' } })).rejects.toThrow('path: invalid value');
  });

  it('refuses a dirty destination, an unknown strategy, and a merge with nothing new', async () => {
    const repo = await scenario('A', 'B', 'A');
    await env.g.putObject(repo, 'dst', 'dirty', entry('dirty'));
    await expect(env.g.merge(repo, 'src', 'dst', { committer: 'm' })).rejects.toBeInstanceOf(DirtyBranchError);
    await expect(env.g.merge(repo, 'src', 'dst', { committer: 'm', strategy: 'mine' as MergeStrategy })).rejects.toBeInstanceOf(ValidationError);
    await env.g.resetBranch(repo, 'dst');
    await env.g.merge(repo, 'src', 'dst', { committer: 'm' });
    await expect(env.g.merge(repo, 'src', 'dst', { committer: 'm' })).rejects.toBeInstanceOf(NoChangesError);
    // An ancestor has nothing to bring either.
    await expect(env.g.merge(repo, 'main', 'dst', { committer: 'm' })).rejects.toThrow('no changes');
    const forced = await env.g.merge(repo, 'main', 'dst', { committer: 'm', allowEmpty: true });
    expect(forced.parents).toHaveLength(2);
  });

  it('retires staged rewrites of unchanged content when the head moves, so they cannot shadow the result', async () => {
    const repo = await scenario('A', 'B', 'A');
    // Rewriting the committed content is no change, so the branch is clean; the staged entry must not survive the move.
    await env.g.putObject(repo, 'dst', 'key', entry('A'));
    const merged = await env.g.merge(repo, 'src', 'dst', { committer: 'm' });
    expect(await valueOf(env.g, repo, 'dst')).toBe('B');
    expect((await env.g.diffUncommitted(repo, 'dst', {})).results).toEqual([]);

    await env.g.putObject(repo, 'dst', 'key', entry('B'));
    await env.g.revert(repo, 'dst', merged.id, { committer: 'm', parentNumber: 1 });
    expect(await valueOf(env.g, repo, 'dst')).toBe('A');
    expect((await env.g.diffUncommitted(repo, 'dst', {})).results).toEqual([]);
  });

  it('takes the source tree as-is when the destination has not moved, and squashes on request', async () => {
    const repo = `ff-${n++}`;
    await env.g.createRepository({ id: repo, storageNamespace: `local://${repo}` });
    await env.g.createBranch(repo, 'feat', 'main');
    await env.g.putObject(repo, 'feat', 'x', entry('x'));
    const f = await env.g.commit(repo, 'feat', { committer: 'u', message: 'x' });
    const m = await env.g.merge(repo, 'feat', 'main', { committer: 'm', message: 'bring x', metadata: { k: 'v' }, squashMerge: true });
    expect(m.metaRangeId).toBe(f.metaRangeId);
    expect(m.parents).toHaveLength(1);
    expect(m).toMatchObject({ message: 'bring x', metadata: { k: 'v', '.lakefs.merge.strategy': 'default' } });
  });

  it('reverts a commit, a merge with a parent number, and refuses a merge without one', async () => {
    const repo = `rv-${n++}`;
    await env.g.createRepository({ id: repo, storageNamespace: `local://${repo}` });
    await env.g.putObject(repo, 'main', 'a', entry('a1'));
    await env.g.putObject(repo, 'main', 'b', entry('b1'));
    await env.g.commit(repo, 'main', { committer: 'u', message: 'one' });
    await env.g.putObject(repo, 'main', 'a', entry('a2'));
    await env.g.deleteObject(repo, 'main', 'b');
    await env.g.putObject(repo, 'main', 'c', entry('c1'));
    const two = await env.g.commit(repo, 'main', { committer: 'u', message: 'two' });
    await env.g.putObject(repo, 'main', 'd', entry('d1'));
    await env.g.commit(repo, 'main', { committer: 'u', message: 'three' });
    const r = await env.g.revert(repo, 'main', two.id, { committer: 'rev' });
    expect(r.message).toBe(`Revert ${two.id}`);
    expect(await listAll(env.g, repo, 'main')).toEqual(['a', 'b', 'd']);
    expect((await env.g.getObject(repo, 'main', 'a')).checksum).toBe('sum-a1');
    await expect(env.g.revert(repo, 'main', two.id, { committer: 'rev' })).rejects.toBeInstanceOf(NoChangesError);

    await env.g.createBranch(repo, 'side', 'main');
    await env.g.putObject(repo, 'side', 'e', entry('e1'));
    await env.g.commit(repo, 'side', { committer: 'u', message: 'e' });
    await env.g.putObject(repo, 'main', 'f', entry('f1'));
    await env.g.commit(repo, 'main', { committer: 'u', message: 'f' });
    const m = await env.g.merge(repo, 'side', 'main', { committer: 'm' });
    const err = await env.g.revert(repo, 'main', m.id, { committer: 'rev' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ParentNumberRequiredError);
    expect((err as ParentNumberRequiredError).kind).toBe('conflict');
    await env.g.revert(repo, 'main', m.id, { committer: 'rev', parentNumber: 1 });
    expect(await listAll(env.g, repo, 'main')).toEqual(['a', 'b', 'd', 'f']);
  });

  it('reports a revert that conflicts with later changes', async () => {
    const repo = `rvc-${n++}`;
    await env.g.createRepository({ id: repo, storageNamespace: `local://${repo}` });
    await env.g.putObject(repo, 'main', 'a', entry('a1'));
    const one = await env.g.commit(repo, 'main', { committer: 'u', message: 'one' });
    await env.g.putObject(repo, 'main', 'a', entry('a2'));
    await env.g.commit(repo, 'main', { committer: 'u', message: 'two' });
    const err = (await env.g.revert(repo, 'main', one.id, { committer: 'rev' }).catch((e: unknown) => e)) as ConflictError;
    expect(err).toBeInstanceOf(ConflictError);
    // The revert wants the state before `one` (no a); the branch holds a2.
    expect(err.conflicts).toEqual([{ path: 'a', source: null, dest: expect.objectContaining({ checksum: 'sum-a2' }) }]);
    await env.g.putObject(repo, 'main', 'z', entry('z'));
    await expect(env.g.revert(repo, 'main', 'main~1', { committer: 'rev' })).rejects.toBeInstanceOf(DirtyBranchError);
  });

  it('cherry-picks a commit with its message and origin metadata', async () => {
    const repo = `cp-${n++}`;
    await env.g.createRepository({ id: repo, storageNamespace: `local://${repo}` });
    await env.g.putObject(repo, 'main', 'base', entry('base'));
    await env.g.commit(repo, 'main', { committer: 'u', message: 'base' });
    await env.g.createBranch(repo, 'feat', 'main');
    await env.g.putObject(repo, 'feat', 'one', entry('one'));
    await env.g.commit(repo, 'feat', { committer: 'alice', message: 'one' });
    await env.g.putObject(repo, 'feat', 'two', entry('two'));
    await env.g.deleteObject(repo, 'feat', 'base');
    const two = await env.g.commit(repo, 'feat', { committer: 'alice', message: 'two', metadata: { t: '2' } });
    const picked = await env.g.cherryPick(repo, 'main', two.id, { committer: 'bob' });
    expect(picked).toMatchObject({
      message: 'two',
      committer: 'bob',
      metadata: { t: '2', 'cherry-pick-origin': two.id, 'cherry-pick-committer': 'alice' },
    });
    expect(await listAll(env.g, repo, 'main')).toEqual(['two']);
    await expect(env.g.cherryPick(repo, 'main', two.id, { committer: 'bob' })).rejects.toBeInstanceOf(NoChangesError);
    const m = await env.g.merge(repo, 'feat', 'main', { committer: 'm', strategy: 'source-wins' });
    const err = await env.g.cherryPick(repo, 'main', m.id, { committer: 'bob' }).catch((e: unknown) => e);
    expect((err as ParentNumberRequiredError).kind).toBe('bad_request');
  });
});
