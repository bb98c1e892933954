import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiffItem, Graveler, ListOptions } from '../../../server/graveler/index';
import { entry, openEnv, tickingClock, type Env } from './helpers';

const repo = 'differ';

function show(items: DiffItem[]): string[] {
  return items.map((d) => `${d.type} ${d.path}`);
}

async function allDiff(fetch: (o: ListOptions) => ReturnType<Graveler['diff']>, o: ListOptions = {}): Promise<string[]> {
  const out: string[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await fetch({ ...o, after });
    out.push(...show(page.results));
    if (!page.hasMore) return out;
    after = page.nextOffset;
  }
}

describe('graveler diff', () => {
  let env: Env;

  beforeAll(async () => {
    env = await openEnv({ now: tickingClock(), raggedness: 4 });
    await env.g.createRepository({ id: repo, storageNamespace: `local://${repo}` });
    for (let i = 0; i < 40; i++) await env.g.putObject(repo, 'main', `f/${String(i).padStart(2, '0')}`, entry(`v${i}`));
    await env.g.putObject(repo, 'main', 'shared', entry('s0'));
    await env.g.commit(repo, 'main', { committer: 'u', message: 'base' });
    await env.g.createBranch(repo, 'feat', 'main');
    await env.g.putObject(repo, 'feat', 'f/05', entry('changed'));
    await env.g.deleteObject(repo, 'feat', 'f/30');
    await env.g.putObject(repo, 'feat', 'g/new', entry('new'));
    await env.g.putObject(repo, 'feat', 'shared', entry('s-feat'));
    await env.g.commit(repo, 'feat', { committer: 'u', message: 'feat' });
    await env.g.putObject(repo, 'main', 'h/main-only', entry('m'));
    await env.g.putObject(repo, 'main', 'shared', entry('s-main'));
    await env.g.commit(repo, 'main', { committer: 'u', message: 'main moves' });
  });
  afterAll(async () => {
    await env.close();
  });

  it('two-dot compares the trees as they are', async () => {
    const d = await allDiff((o) => env.g.diff(repo, 'main', 'feat', { ...o, type: 'two_dot' }));
    expect(d).toEqual(['changed f/05', 'removed f/30', 'added g/new', 'removed h/main-only', 'changed shared']);
    const paged = await allDiff((o) => env.g.diff(repo, 'main', 'feat', { ...o, type: 'two_dot', amount: 1 }));
    expect(paged).toEqual(d);
    const first = await env.g.diff(repo, 'main', 'feat', { type: 'two_dot', amount: 2 });
    expect(first).toMatchObject({ hasMore: true, nextOffset: 'f/30' });
    expect(first.results[0]).toMatchObject({ left: { checksum: 'sum-v5' }, right: { checksum: 'sum-changed' } });
  });

  it('three-dot reports what the right side changed since the merge base, with conflicts', async () => {
    const d = await allDiff((o) => env.g.diff(repo, 'main', 'feat', o));
    expect(d).toEqual(['changed f/05', 'removed f/30', 'added g/new', 'conflict shared']);
    const back = await allDiff((o) => env.g.diff(repo, 'feat', 'main', { ...o, type: 'three_dot' }));
    expect(back).toEqual(['added h/main-only', 'conflict shared']);
  });

  it('collapses folders into prefix_changed with a delimiter and filters by prefix', async () => {
    const d = await allDiff((o) => env.g.diff(repo, 'main', 'feat', { ...o, type: 'two_dot', delimiter: '/' }));
    expect(d).toEqual(['prefix_changed f/', 'prefix_changed g/', 'prefix_changed h/', 'changed shared']);
    const paged = await allDiff((o) => env.g.diff(repo, 'main', 'feat', { ...o, type: 'two_dot', delimiter: '/', amount: 1 }));
    expect(paged).toEqual(d);
    const page = await env.g.diff(repo, 'main', 'feat', { type: 'two_dot', delimiter: '/' });
    expect(page.results[0]).toEqual({ type: 'prefix_changed', path: 'f/', pathType: 'common_prefix' });
    const inside = await allDiff((o) => env.g.diff(repo, 'main', 'feat', { ...o, type: 'two_dot', prefix: 'f/', delimiter: '/' }));
    expect(inside).toEqual(['changed f/05', 'removed f/30']);
  });

  it('shows uncommitted changes, skipping no-ops', async () => {
    await env.g.createBranch(repo, 'wip', 'main');
    await env.g.putObject(repo, 'wip', 'f/01', entry('edited'));
    await env.g.putObject(repo, 'wip', 'f/02', entry('v2', { address: 'data/reuploaded' }));
    await env.g.deleteObject(repo, 'wip', 'f/03');
    await env.g.putObject(repo, 'wip', 'tmp', entry('tmp'));
    await env.g.deleteObject(repo, 'wip', 'tmp');
    await env.g.putObject(repo, 'wip', 'z/new', entry('z'));
    const d = await allDiff((o) => env.g.diffUncommitted(repo, 'wip', o));
    expect(d).toEqual(['changed f/01', 'removed f/03', 'added z/new']);
    expect(await allDiff((o) => env.g.diffUncommitted(repo, 'wip', { ...o, delimiter: '/' }))).toEqual([
      'prefix_changed f/',
      'prefix_changed z/',
    ]);
    expect(await env.g.hasUncommittedChanges(repo, 'wip')).toBe(true);
    expect(await env.g.hasUncommittedChanges(repo, 'main')).toBe(false);
    // Two-dot against `branch$` puts the staging on top of the branch's commit.
    const withStaging = await allDiff((o) => env.g.diff(repo, 'feat', 'wip$', { ...o, type: 'two_dot' }));
    expect(withStaging).toEqual([
      'changed f/01',
      'removed f/03',
      'changed f/05',
      'added f/30',
      'removed g/new',
      'added h/main-only',
      'changed shared',
      'added z/new',
    ]);
    await expect(env.g.diff(repo, 'main', 'wip$', {})).rejects.toThrow('reference to staging area with $ is not a commit');
  });

  it('diff of a ref with itself is empty', async () => {
    expect((await env.g.diff(repo, 'main', 'main', { type: 'two_dot' })).results).toEqual([]);
    expect((await env.g.diff(repo, 'main', 'main~1', {})).results).toEqual([]);
  });
});
