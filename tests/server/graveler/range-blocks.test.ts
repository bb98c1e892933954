import { afterEach, describe, expect, it } from 'vitest';
import { entry, listAll, openEnv, tickingClock, type Env } from './helpers';

/**
 * Range files are read a block of 64 records at a time, and a commit reads its changes up to 128 ahead to start
 * reading the files they reach. Trees whose ranges span several blocks take random change sets of every size around
 * those thresholds (overwrites, deletes, adds before the first key and after the last), and every commit must hold
 * what a plain map holds, differ from its parent as the map did, and equal the tree a bulk write of the map makes;
 * some run in a fresh process, which opens each range file by its index and reads only the blocks it reaches.
 */
const repo = 'blocks';
const ns = `local://${repo}`;

const pathOf = (i: number) => `d/${String(Math.floor(i / 50)).padStart(3, '0')}/k${String(i % 50).padStart(2, '0')}`;

function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function modelDiff(before: Map<string, string>, after: Map<string, string>): string[] {
  const out: string[] = [];
  for (const k of [...new Set([...before.keys(), ...after.keys()])].sort()) {
    const a = before.get(k);
    const b = after.get(k);
    if (a !== b) out.push(`${a === undefined ? 'added' : b === undefined ? 'removed' : 'changed'} ${k}`);
  }
  return out;
}

describe('trees of range files read block by block', () => {
  let env: Env;

  /** Ranges of `raggedness` records on average: at 128 one to several blocks each, at 512 segments large enough that sparse commits keep runs of their files. */
  async function open(raggedness: number): Promise<void> {
    env = await openEnv({ raggedness, now: tickingClock() });
    await env.g.createRepository({ id: repo, storageNamespace: ns });
  }
  afterEach(async () => {
    await env.close();
  });

  async function diffAll(left: string, right: string): Promise<string[]> {
    const out: string[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await env.g.diff(repo, left, right, { type: 'two_dot', amount: 300, after });
      out.push(...page.results.map((d) => `${d.type} ${d.path}`));
      if (!page.hasMore) return out;
      after = page.nextOffset;
    }
  }

  it.each([128, 512])('commit random change sets as a plain map and a bulk write of it would (raggedness %i)', async (raggedness) => {
    await open(raggedness);
    const objects = 3000;
    const model = new Map<string, string>();
    for (let i = 0; i < objects; i++) model.set(pathOf(i), `${pathOf(i)}@0`);
    const load = [...model].map(([path, content]) => ({ path, entry: entry(content) }));
    await env.g.commitMetaRange(repo, 'main', await env.g.writeMetaRange(repo, load), { committer: 'u', message: 'load' });
    const rand = lcg(11);
    let version = 0;
    // Sizes below, at and past the read-ahead, and one that rewrites much of the tree.
    for (const size of [1, 3, 63, 64, 65, 127, 128, 129, 200, 257, 900]) {
      const before = new Map(model);
      const parent = (await env.g.getBranch(repo, 'main')).commitId;
      for (let k = 0; k < size; k++) {
        // Each set holds at least one real change, so each makes a commit.
        const kind = k === 0 ? 0 : Math.floor(rand() * 6);
        const i = Math.floor(rand() * objects);
        const path =
          kind === 4 ? `a/${String(Math.floor(rand() * 1000)).padStart(3, '0')}` // before every key
          : kind === 5 ? `z/${String(Math.floor(rand() * 1000)).padStart(3, '0')}` // after every key
          : kind === 3 ? `${pathOf(i)}+${version}`
          : pathOf(i);
        if (kind === 2) {
          await env.g.deleteObject(repo, 'main', path).catch(() => undefined);
          model.delete(path);
        } else {
          const content = `${path}@${++version}`;
          await env.g.putObject(repo, 'main', path, entry(content));
          model.set(path, content);
        }
      }
      // Every other commit in a fresh process, which reads only the index and the reached blocks of each file.
      if (size % 2 === 1) await env.reopen();
      const commit = await env.g.commit(repo, 'main', { committer: 'u', message: `${size} changes` });
      expect(await diffAll(parent, commit.id)).toEqual(modelDiff(before, model));
      expect(await diffAll(commit.id, parent)).toEqual(modelDiff(model, before));
      const sorted = [...model.keys()].sort();
      expect(await listAll(env.g, repo, 'main', { amount: 1000 })).toEqual(sorted);
      for (let k = 0; k < 10; k++) {
        const p = sorted[Math.floor(rand() * sorted.length)] as string;
        expect((await env.g.getObject(repo, 'main', p)).checksum).toBe(`sum-${model.get(p)}`);
      }
      const bulk = await env.g.writeMetaRange(repo, sorted.map((path) => ({ path, entry: entry(model.get(path) as string) })));
      // The same tree, or the same records in rows cut otherwise (a sparse commit keeps runs of old files).
      if (bulk === commit.metaRangeId) continue;
      const tag = `bulk-${size}`;
      await env.g.createBranch(repo, tag, 'main');
      await env.g.commitMetaRange(repo, tag, bulk, { committer: 'u', message: 'bulk' });
      expect(await diffAll('main', tag)).toEqual([]);
    }
  });

  it('merge branches changed at random through blocks, as a three-way merge of maps', async () => {
    await open(512);
    const objects = 2000;
    const base = new Map<string, string>();
    for (let i = 0; i < objects; i++) base.set(pathOf(i), `${pathOf(i)}@0`);
    const load = [...base].map(([path, content]) => ({ path, entry: entry(content) }));
    await env.g.commitMetaRange(repo, 'main', await env.g.writeMetaRange(repo, load), { committer: 'u', message: 'load' });
    await env.g.createBranch(repo, 'feature', 'main');
    const rand = lcg(5);
    const source = new Map(base);
    const dest = new Map(base);
    // Disjoint halves of the keys, so the merge has no conflicts: the source takes even objects, the destination odd.
    for (const [branch, m, parity] of [['feature', source, 0], ['main', dest, 1]] as const) {
      for (let k = 0; k < 150; k++) {
        const i = Math.floor(rand() * (objects / 2)) * 2 + parity;
        const path = pathOf(i);
        if (rand() < 0.3) {
          await env.g.deleteObject(repo, branch, path).catch(() => undefined);
          m.delete(path);
        } else {
          await env.g.putObject(repo, branch, path, entry(`${path}@${branch}${k}`));
          m.set(path, `${path}@${branch}${k}`);
        }
      }
      await env.g.commit(repo, branch, { committer: 'u', message: branch });
    }
    // A fresh process: the merge reads only the blocks its changes reach.
    await env.reopen();
    await env.g.merge(repo, 'feature', 'main', { committer: 'u' });
    const merged = new Map(dest);
    for (const k of new Set([...base.keys(), ...source.keys()])) {
      if (source.get(k) === base.get(k)) continue;
      const v = source.get(k);
      if (v === undefined) merged.delete(k);
      else merged.set(k, v);
    }
    const sorted = [...merged.keys()].sort();
    expect(await listAll(env.g, repo, 'main', { amount: 1000 })).toEqual(sorted);
    for (const p of sorted.filter((_, i) => i % 97 === 0)) expect((await env.g.getObject(repo, 'main', p)).checksum).toBe(`sum-${merged.get(p)}`);
  });
});
