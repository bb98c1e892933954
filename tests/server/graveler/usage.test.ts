import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Graveler, ListItem, ObjectEntry, Usage } from '../../../server/graveler/index';
import { entry, openEnv, tickingClock, treeFiles, type Env } from './helpers';
import { sumsUnder } from '../usage-sums';

/**
 * The usage count walks parts and rows and reads only the rows that straddle children: with ranges of about four
 * records (raggedness 4) and some 2,000 objects the tree has hundreds of rows in several parts, so every case (a part
 * inside one folder, a row inside one, a row across several, objects directly at a level) is met. Each count must
 * equal the sums of a full listing of the same ref.
 */
const repo = 'usage';

/** Sizes vary per path, so a byte total that counted the wrong records would differ. */
function sized(path: string, salt = ''): ObjectEntry {
  const content = `${path}${salt}`.repeat(1 + (path.length % 7));
  return entry(content);
}

function treePaths(): string[] {
  const paths: string[] = [];
  for (let t = 0; t < 3; t++) for (let p = 0; p < 12; p++) for (let f = 0; f < 40; f++) paths.push(`tables/t${t}/part=${String(p).padStart(2, '0')}/f${String(f).padStart(3, '0')}.parquet`);
  for (let i = 0; i < 300; i++) paths.push(`logs/${String(i).padStart(4, '0')}.log`);
  for (let i = 0; i < 20; i++) paths.push(`readme-${i}.md`);
  paths.push('a/b', 'a/c/d', 'z');
  return paths;
}

/** Every object of a ref, as a full listing gives it. */
async function everything(g: Graveler, ref: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  let after: string | undefined;
  for (;;) {
    const page = await g.listObjects(repo, ref, { after, amount: 1000 });
    for (const r of page.results as Extract<ListItem, { pathType: 'object' }>[]) out.set(r.path, r.entry.size);
    if (!page.hasMore) return out;
    after = page.nextOffset;
  }
}

/** The children a full listing implies for a prefix: each common prefix's sums, and each object directly there. */
const byPath = (u: Usage) => [...u.children].sort((a, b) => (a.path < b.path ? -1 : 1));

async function expectMatchesListing(g: Graveler, ref: string, prefix: string): Promise<Usage> {
  const usage = await g.usage(repo, ref, { prefix, amount: 1000 });
  const want = sumsUnder(await everything(g, ref), prefix);
  expect(usage.totals).toEqual(want.totals);
  expect(byPath(usage)).toEqual(want.children);
  expect(usage.others).toEqual({ children: 0, objects: 0, bytes: 0 });
  return usage;
}

describe('usage of a prefix', () => {
  let env: Env;
  let firstCommit: string;

  beforeAll(async () => {
    env = await openEnv({ now: tickingClock() });
    await env.g.createRepository({ id: repo, storageNamespace: `local://${repo}` });
    for (const path of treePaths()) await env.g.putObject(repo, 'main', path, sized(path));
    firstCommit = (await env.g.commit(repo, 'main', { committer: 'tester', message: 'load' })).id;
    await env.g.createTag(repo, 'v1', 'main');
  }, 120_000);
  afterAll(async () => {
    await env.close();
  });

  it('walks a tree of many rows in several parts', async () => {
    const commit = await env.g.getCommit(repo, 'main');
    const files = await treeFiles(env.blockstore, `local://${repo}`, commit.metaRangeId);
    expect(files.rows.length).toBeGreaterThan(200);
    expect(files.parts.length).toBeGreaterThan(1);
  });

  it.each(['', 'tables/', 'tables/t1/', 'tables/t1/part=05/', 'logs/', 'a/', 'read', 'nothing/'])('equals the sums of a full listing under "%s"', async (prefix) => {
    await expectMatchesListing(env.g, 'main', prefix);
  });

  it('answers the largest children first, and sums the rest', async () => {
    const all = await env.g.usage(repo, 'main', { prefix: '', amount: 1000 });
    const top = await env.g.usage(repo, 'main', { prefix: '', amount: 2 });
    expect(top.children).toEqual(all.children.slice(0, 2));
    expect(top.children[0]?.path).toBe('tables/');
    const rest = all.children.slice(2);
    expect(top.others).toEqual({ children: rest.length, objects: rest.reduce((n, c) => n + c.objects, 0), bytes: rest.reduce((n, c) => n + c.bytes, 0) });
    expect(top.totals).toEqual(all.totals);
  });

  it('without a delimiter answers the totals only', async () => {
    const flat = await env.g.usage(repo, 'main', { prefix: 'tables/', delimiter: '' });
    expect(flat.children).toEqual([]);
    expect(flat.totals).toEqual(sumsUnder(await everything(env.g, 'main'), 'tables/').totals);
  });

  it('counts the same on a restarted store, its caches empty', async () => {
    const warm = await env.g.usage(repo, 'main', { prefix: 'tables/t2/', amount: 1000 });
    await env.reopen();
    expect(await env.g.usage(repo, 'main', { prefix: 'tables/t2/', amount: 1000 })).toEqual(warm);
  });

  describe('with uncommitted changes', () => {
    beforeAll(async () => {
      await env.g.createBranch(repo, 'dev', 'main');
      // Adds (in a folder and a new one), overwrites with other sizes, deletes, and a whole folder emptied.
      await env.g.putObject(repo, 'dev', 'tables/t1/part=05/new.parquet', entry('x'.repeat(500)));
      await env.g.putObject(repo, 'dev', 'fresh/one', entry('y'.repeat(70)));
      await env.g.putObject(repo, 'dev', 'tables/t0/part=00/f000.parquet', entry('z'.repeat(1234)));
      await env.g.putObject(repo, 'dev', 'readme-3.md', entry('w'));
      await env.g.deleteObject(repo, 'dev', 'tables/t2/part=11/f039.parquet');
      await env.g.deleteObject(repo, 'dev', 'a/b');
      await env.g.deleteObject(repo, 'dev', 'a/c/d');
      // The same entry again is no change; a tombstone of a path never committed neither.
      const same = treePaths()[1] as string;
      await env.g.putObject(repo, 'dev', same, sized(same));
    });

    it.each(['', 'tables/', 'tables/t1/part=05/', 'a/', 'fresh/'])('counts them in under "%s", as a listing of the branch shows', async (prefix) => {
      await expectMatchesListing(env.g, 'dev', prefix);
    });

    it('sums them on their own against the head', async () => {
      const usage = await env.g.usage(repo, 'dev', {});
      const before = await env.g.getObject(repo, 'main', 'tables/t0/part=00/f000.parquet');
      const readme = await env.g.getObject(repo, 'main', 'readme-3.md');
      const deleted = [await env.g.getObject(repo, 'main', 'tables/t2/part=11/f039.parquet'), await env.g.getObject(repo, 'main', 'a/b'), await env.g.getObject(repo, 'main', 'a/c/d')];
      const deletedBytes = deleted.reduce((n, e) => n + e.size, 0);
      expect(usage.staged).toEqual({
        added: 2,
        changed: 2,
        removed: 3,
        objects: -1,
        bytes: 500 + 70 + (1234 - before.size) + (1 - readme.size) - deletedBytes,
        bytesWritten: 500 + 70 + 1234 + 1,
      });
      // The emptied folder is gone, as from a listing.
      expect(usage.children.map((c) => c.path)).not.toContain('a/');
    });

    it('leaves a tag, a commit and the branch before them as committed', async () => {
      const main = await env.g.usage(repo, 'main', {});
      expect(main.staged).toEqual({ added: 0, changed: 0, removed: 0, objects: 0, bytes: 0, bytesWritten: 0 });
      const tagged = await env.g.usage(repo, 'v1', {});
      expect(tagged.staged).toBeUndefined();
      expect(tagged.totals).toEqual(main.totals);
      expect((await env.g.usage(repo, firstCommit, {})).totals).toEqual(main.totals);
      await env.g.commit(repo, 'dev', { committer: 'tester', message: 'changes' });
      const committed = await env.g.usage(repo, 'dev', {});
      expect(committed.staged?.objects).toBe(0);
      expect((await env.g.usage(repo, 'dev~1', {})).totals).toEqual(main.totals);
      expect(committed.totals.objects).toBe(main.totals.objects - 1);
    });
  });

  it('refuses an unknown ref or repository', async () => {
    await expect(env.g.usage(repo, 'nope', {})).rejects.toThrow(/not found/);
    await expect(env.g.usage('nope', 'main', {})).rejects.toThrow(/not found/);
  });
});

describe('usage of a tree kept as runs of older files', () => {
  let env: Env;

  beforeAll(async () => {
    // Canonical ranges of about 2,048 records; a commit of a few changes spread over them keeps rows over the
    // untouched runs of the old files (a sparse commit), so rows name parts of files.
    env = await openEnv({ raggedness: 2048, now: tickingClock() });
    await env.g.createRepository({ id: repo, storageNamespace: `local://${repo}` });
    const paths = Array.from({ length: 6000 }, (_, i) => `d${String(Math.floor(i / 700))}/f${String(i).padStart(5, '0')}`);
    const metaRange = await env.g.writeMetaRange(repo, paths.map((path) => ({ path, entry: sized(path) })));
    await env.g.commitMetaRange(repo, 'main', metaRange, { committer: 'tester', message: 'load' });
    for (let i = 0; i < 6000; i += 601) await env.g.putObject(repo, 'main', paths[i] as string, entry('changed'.repeat(i % 5)));
    await env.g.commit(repo, 'main', { committer: 'tester', message: 'spread' });
  }, 120_000);
  afterAll(async () => {
    await env.close();
  });

  it('has rows over runs of one file', async () => {
    const { rows } = await treeFiles(env.blockstore, `local://${repo}`, (await env.g.getCommit(repo, 'main')).metaRangeId);
    expect(new Set(rows.map((r) => r.id)).size).toBeLessThan(rows.length);
  });

  it.each(['', 'd3/', 'd8/'])('equals the sums of a full listing under "%s", warm and after a restart', async (prefix) => {
    const warm = await expectMatchesListing(env.g, 'main', prefix);
    await env.reopen();
    expect(await env.g.usage(repo, 'main', { prefix, amount: 1000 })).toEqual(warm);
  });
});
