import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entry, listAll, openEnv, tickingClock, type Env } from './helpers';

const repo = 'lister';

describe('graveler listing', () => {
  let env: Env;
  const committed: string[] = [];

  beforeAll(async () => {
    env = await openEnv({ now: tickingClock(), raggedness: 8 });
    await env.g.createRepository({ id: repo, storageNamespace: `local://${repo}` });
    for (let d = 0; d < 6; d++) {
      for (let f = 0; f < 25; f++) committed.push(`dir${d}/sub${f % 3}/file${String(f).padStart(2, '0')}`);
    }
    committed.push('top1', 'top2');
    for (const p of committed) await env.g.putObject(repo, 'main', p, entry(p));
    await env.g.commit(repo, 'main', { committer: 'u', message: 'base' });
  });
  afterAll(async () => {
    await env.close();
  });

  const sorted = (xs: string[]) => [...xs].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));

  it('pages through committed objects without repeats or gaps', async () => {
    for (const amount of [1, 7, 100, 1000]) {
      expect(await listAll(env.g, repo, 'main', { amount })).toEqual(sorted(committed));
    }
    const page = await env.g.listObjects(repo, 'main', { amount: 5 });
    expect(page.results).toHaveLength(5);
    expect(page.hasMore).toBe(true);
    expect(page.nextOffset).toBe(page.results[4]?.path);
    const last = await env.g.listObjects(repo, 'main', { after: 'top1' });
    expect(last).toMatchObject({ hasMore: false, nextOffset: '' });
    expect(last.results.map((r) => r.path)).toEqual(['top2']);
  });

  it('lists under a prefix and with a delimiter', async () => {
    expect(await listAll(env.g, repo, 'main', { delimiter: '/' })).toEqual([
      'dir0/*', 'dir1/*', 'dir2/*', 'dir3/*', 'dir4/*', 'dir5/*', 'top1', 'top2',
    ]);
    expect(await listAll(env.g, repo, 'main', { delimiter: '/', amount: 2 })).toEqual([
      'dir0/*', 'dir1/*', 'dir2/*', 'dir3/*', 'dir4/*', 'dir5/*', 'top1', 'top2',
    ]);
    expect(await listAll(env.g, repo, 'main', { prefix: 'dir2/', delimiter: '/' })).toEqual(['dir2/sub0/*', 'dir2/sub1/*', 'dir2/sub2/*']);
    expect(await listAll(env.g, repo, 'main', { prefix: 'dir2/sub1/', delimiter: '/', amount: 3 })).toEqual(
      sorted(committed.filter((p) => p.startsWith('dir2/sub1/'))),
    );
    expect(await listAll(env.g, repo, 'main', { prefix: 'dir2/sub1' })).toEqual(sorted(committed.filter((p) => p.startsWith('dir2/sub1'))));
    // An `after` inside a common prefix resumes at the next one.
    const page = await env.g.listObjects(repo, 'main', { delimiter: '/', after: 'dir1/sub0/file03' });
    expect(page.results[0]?.path).toBe('dir2/');
    expect(page.results[0]?.pathType).toBe('common_prefix');
    const nothing = await env.g.listObjects(repo, 'main', { prefix: 'nope/', delimiter: '/' });
    expect(nothing).toEqual({ results: [], hasMore: false, nextOffset: '' });
  });

  it('merges staging, tombstones and committed data on a branch', async () => {
    await env.g.createBranch(repo, 'work', 'main');
    await env.g.deleteObject(repo, 'work', 'dir3/sub0/file00');
    await env.g.putObject(repo, 'work', 'dir3/new', entry('new'));
    // More staged records than one page of a staging scan.
    const added = Array.from({ length: 150 }, (_, i) => `dir5/staged-${String(i).padStart(3, '0')}`);
    for (const p of added) await env.g.putObject(repo, 'work', p, entry(p));
    await env.g.putObject(repo, 'work', 'dir1/sub0/file00', entry('changed'));
    for (let f = 0; f < 25; f++) await env.g.deleteObject(repo, 'work', `dir4/sub${f % 3}/file${String(f).padStart(2, '0')}`);
    const expected = sorted([
      ...committed.filter((p) => p !== 'dir3/sub0/file00' && !p.startsWith('dir4/')),
      'dir3/new',
      ...added,
    ]);
    for (const amount of [1, 3, 50, 1000]) expect(await listAll(env.g, repo, 'work', { amount })).toEqual(expected);
    // A folder whose objects are all deleted disappears from the delimited listing.
    expect(await listAll(env.g, repo, 'work', { delimiter: '/', amount: 1 })).toEqual([
      'dir0/*', 'dir1/*', 'dir2/*', 'dir3/*', 'dir5/*', 'top1', 'top2',
    ]);
    const changed = await env.g.listObjects(repo, 'work', { prefix: 'dir1/sub0/file00' });
    expect(changed.results[0]).toMatchObject({ pathType: 'object', entry: { checksum: 'sum-changed' } });
    // The committed view of the same branch ignores staging.
    expect(await listAll(env.g, repo, 'work@', {})).toEqual(sorted(committed));
    await env.g.commit(repo, 'work', { committer: 'u', message: 'work' });
    expect(await listAll(env.g, repo, 'work', { amount: 9 })).toEqual(expected);
  });
});
