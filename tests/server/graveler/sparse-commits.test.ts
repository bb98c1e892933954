import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Writer } from '../../../server/graveler/codec';
import { decodeMetaRange, encodeMetaRange, type RangeInfo } from '../../../server/graveler/range-codec';
import { RangeWriter } from '../../../server/graveler/range-writer';
import { entry, listAll, openEnv, tickingClock, treeFiles, type Env } from './helpers';

/**
 * Trees large enough that a segment (what a canonical write makes one range) holds hundreds of records, so sparse
 * commits keep untouched runs of old files as rows and write their changes into a fresh file. Every step is checked
 * against a plain map: listings, lookups, diffs, merges and the entries the garbage collector sees.
 */
const repo = 'sparse';
const ns = `local://${repo}`;
const OBJECTS = 8000;

const pathOf = (i: number) => `t/p=${String(Math.floor(i / 100)).padStart(3, '0')}/f${String(i % 100).padStart(3, '0')}`;

/** A tiny deterministic generator: the same steps on every run. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

async function rows(env: Env, metaRangeId: string): Promise<RangeInfo[]> {
  return (await treeFiles(env.blockstore, ns, metaRangeId)).rows;
}

async function head(env: Env, branch: string): Promise<{ id: string; metaRangeId: string }> {
  const b = await env.g.getBranch(repo, branch);
  return env.g.getCommit(repo, b.commitId);
}

async function diffAll(env: Env, left: string, right: string): Promise<string[]> {
  const out: string[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await env.g.diff(repo, left, right, { type: 'two_dot', amount: 500, after });
    out.push(...page.results.map((d) => `${d.type} ${d.path}`));
    if (!page.hasMore) return out;
    after = page.nextOffset;
  }
}

function modelDiff(before: Map<string, string>, after: Map<string, string>): string[] {
  const out: string[] = [];
  for (const k of [...new Set([...before.keys(), ...after.keys()])].sort()) {
    const a = before.get(k);
    const b = after.get(k);
    if (a === b) continue;
    out.push(`${a === undefined ? 'added' : b === undefined ? 'removed' : 'changed'} ${k}`);
  }
  return out;
}

describe('sparse commits on large segments', () => {
  let env: Env;
  let model: Map<string, string>;
  let version = 0;

  beforeEach(async () => {
    env = await openEnv({ raggedness: 1024, now: tickingClock() });
    await env.g.createRepository({ id: repo, storageNamespace: ns });
    model = new Map();
    const records = Array.from({ length: OBJECTS }, (_, i) => {
      model.set(pathOf(i), `${pathOf(i)}@0`);
      return { path: pathOf(i), entry: entry(`${pathOf(i)}@0`) };
    });
    const mr = await env.g.writeMetaRange(repo, records);
    await env.g.commitMetaRange(repo, 'main', mr, { committer: 'u', message: 'load' });
  });
  afterEach(async () => {
    await env.close();
  });

  /** Stages `n` random changes on a branch and applies them to `m`: overwrites, same-content rewrites, deletes, inserts. */
  async function stageRandom(branch: string, m: Map<string, string>, rand: () => number, n: number, keyFilter = (_: string) => true): Promise<void> {
    for (let k = 0; k < n; k++) {
      const i = Math.floor(rand() * OBJECTS);
      const kind = Math.floor(rand() * 5);
      const path = kind === 3 ? `${pathOf(i)}+${version}` : pathOf(i);
      if (!keyFilter(path)) continue;
      const current = m.get(path);
      if (kind === 1 && current !== undefined) {
        // Same content at another address: no change to the tree, which keeps the committed record.
        await env.g.putObject(repo, branch, path, entry(current, { address: 'data/elsewhere', mtime: 1 }));
      } else if (kind === 2 || kind === 4) {
        // kind 4 deletes a key that may well be absent already.
        await env.g.deleteObject(repo, branch, kind === 4 ? `${path}-absent` : path).catch(() => undefined);
        if (kind === 2) m.delete(path);
      } else {
        const content = `${path}@${++version}`;
        await env.g.putObject(repo, branch, path, entry(content));
        m.set(path, content);
      }
    }
  }

  async function expectTreeMatches(branch: string, m: Map<string, string>): Promise<void> {
    const sorted = [...m.keys()].sort();
    expect(await listAll(env.g, repo, branch, { amount: 700 })).toEqual(sorted);
    const c = await head(env, branch);
    const addresses: string[] = [];
    for await (const batch of env.g.treeAddresses(repo, c.metaRangeId, new Set())) addresses.push(...batch.map((e) => e.address));
    expect(addresses.sort()).toEqual(sorted.map((p) => `data/${m.get(p)}`).sort());
    const rand = lcg(addresses.length);
    for (let k = 0; k < 20; k++) {
      const p = sorted[Math.floor(rand() * sorted.length)] as string;
      expect((await env.g.getObject(repo, branch, p)).checksum).toBe(`sum-${m.get(p)}`);
    }
    await expect(env.g.getObject(repo, branch, `${sorted[0]}-absent`)).rejects.toThrow();
  }

  it('keep listings, lookups, diffs and GC references exact while rewriting little', async () => {
    const rand = lcg(7);
    let sawRuns = false;
    const reencoded: number[] = [];
    for (let round = 0; round < 25; round++) {
      const before = new Map(model);
      const parent = await head(env, 'main');
      await stageRandom('main', model, rand, 12);
      if (modelDiff(before, model).length === 0) continue;
      const written = env.g.treeWriteStats().records;
      const commit = await env.g.commit(repo, 'main', { committer: 'u', message: `round ${round}` });
      reencoded.push(env.g.treeWriteStats().records - written);
      expect(await diffAll(env, parent.id, commit.id)).toEqual(modelDiff(before, model));
      const r = await rows(env, commit.metaRangeId);
      sawRuns ||= new Set(r.map((x) => x.id)).size < r.length;
      await expectTreeMatches('main', model);
    }
    expect(sawRuns).toBe(true);
    // The first commit re-encodes its changes and leftover runs shorter than 32 records next to them; later ones
    // now and then rewrite a segment whose rows piled up, still far less on average than rewriting every segment
    // they touch (about 6,000 records a commit here).
    expect(reencoded[0]).toBeLessThanOrEqual(12 * (1 + 2 * 31));
    expect(reencoded.reduce((a, b) => a + b, 0) / reencoded.length).toBeLessThan(OBJECTS / 3);

    // The same content written canonically has other rows, yet no difference.
    const canonical = await env.g.writeMetaRange(repo, [...model].sort(([a], [b]) => (a < b ? -1 : 1)).map(([path, c]) => ({ path, entry: entry(c) })));
    await env.g.createBranch(repo, 'canonical', 'main');
    await env.g.commitMetaRange(repo, 'canonical', canonical, { committer: 'u', message: 'canonical' });
    expect(await diffAll(env, 'main', 'canonical')).toEqual([]);
    const fragmented = await rows(env, (await head(env, 'main')).metaRangeId);
    const canonicalRows = await rows(env, canonical);
    expect(fragmented.length).toBeGreaterThan(canonicalRows.length);
    // Each segment stays within max(8, records / 256) rows before it is rewritten whole.
    expect(fragmented.length).toBeLessThanOrEqual(8 * canonicalRows.length + model.size / 256);
  });

  it('a segment changed again and again is rewritten whole, back to its canonical ranges', async () => {
    // Every change in the same few hundred keys: the segment's rows pile up until it is rewritten.
    const rand = lcg(11);
    for (let round = 0; round < 12; round++) {
      const i = 3000 + Math.floor(rand() * 400);
      const content = `${pathOf(i)}@${++version}`;
      await env.g.putObject(repo, 'main', pathOf(i), entry(content));
      model.set(pathOf(i), content);
      await env.g.commit(repo, 'main', { committer: 'u', message: `round ${round}` });
    }
    await expectTreeMatches('main', model);
    const canonical = await env.g.writeMetaRange(repo, [...model].sort(([a], [b]) => (a < b ? -1 : 1)).map(([path, c]) => ({ path, entry: entry(c) })));
    const canonicalIds = new Set((await rows(env, canonical)).map((r) => r.id));
    const current = await rows(env, (await head(env, 'main')).metaRangeId);
    // At most the rows of the segments touched since their last rewrite differ from the canonical tree.
    expect(current.filter((r) => !canonicalIds.has(r.id)).length).toBeLessThanOrEqual(9);
    expect(current.length).toBeLessThanOrEqual((await rows(env, canonical)).length + 8);
  });

  it('merge differently fragmented branches', async () => {
    const rand = lcg(3);
    await env.g.createBranch(repo, 'feature', 'main');
    const feature = new Map(model);
    const inFirstHalf = (p: string) => p < pathOf(OBJECTS / 2);
    for (let round = 0; round < 6; round++) {
      await stageRandom('feature', feature, rand, 10, inFirstHalf);
      await env.g.commit(repo, 'feature', { committer: 'u', message: `f${round}`, allowEmpty: true });
      await stageRandom('main', model, rand, 10, (p) => !inFirstHalf(p));
      await env.g.commit(repo, 'main', { committer: 'u', message: `m${round}`, allowEmpty: true });
    }
    await env.g.merge(repo, 'feature', 'main', { committer: 'u' });
    for (const [p, c] of feature) if (inFirstHalf(p)) model.set(p, c);
    for (const p of [...model.keys()]) if (inFirstHalf(p) && !feature.has(p)) model.delete(p);
    await expectTreeMatches('main', model);
  });
});

describe('a commit that keeps no old record of a segment', () => {
  it('writes it canonically: new records alone give the same tree as a bulk write', async () => {
    const env = await openEnv({ raggedness: 512 });
    try {
      await env.g.createRepository({ id: repo, storageNamespace: ns });
      const paths = Array.from({ length: 1500 }, (_, i) => pathOf(i));
      for (const p of paths) await env.g.putObject(repo, 'main', p, entry(p));
      const commit = await env.g.commit(repo, 'main', { committer: 'u', message: 'all new' });
      const bulk = await env.g.writeMetaRange(repo, paths.map((p) => ({ path: p, entry: entry(p) })));
      expect(commit.metaRangeId).toBe(bulk);
    } finally {
      await env.close();
    }
  });
});

describe('a commit that adds records after the last one of a small tree', () => {
  it('continues its open last segment, so the tree is the one a bulk write makes', async () => {
    const env = await openEnv({ raggedness: 2 });
    try {
      await env.g.createRepository({ id: repo, storageNamespace: ns });
      // The first key ends no segment, so the records added after it belong to its segment.
      const first = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].find((k) => !RangeWriter.isBoundary(k, 2)) as string;
      const later = [`${first}1`, `${first}2`];
      await env.g.putObject(repo, 'main', first, entry(first));
      await env.g.commit(repo, 'main', { committer: 'u', message: 'first' });
      for (const p of later) await env.g.putObject(repo, 'main', p, entry(p));
      const commit = await env.g.commit(repo, 'main', { committer: 'u', message: 'later' });
      const bulk = await env.g.writeMetaRange(repo, [first, ...later].map((p) => ({ path: p, entry: entry(p) })));
      expect(commit.metaRangeId).toBe(bulk);
    } finally {
      await env.close();
    }
  });
});

describe('metarange files', () => {
  const row = (id: string, minKey: string, maxKey: string, count: number): RangeInfo => ({ id: id.repeat(64), minKey, maxKey, count, size: count * 10 });
  const sample = [row('a', 'data/part=1/x', 'data/part=1/z', 3), row('b', 'data/part=2/a', 'data/part=2/\u{1f600}', 1), row('a', 'e', 'e', 1)];

  /** The first format: every key written whole. */
  function encodeVersion1(ranges: readonly RangeInfo[]): Buffer {
    const w = new Writer(256);
    w.raw(Buffer.from('TRNM'));
    w.byte(1);
    w.varint(ranges.length);
    for (const r of ranges) {
      w.raw(Buffer.from(r.id, 'hex'));
      w.string(r.minKey);
      w.string(r.maxKey);
      w.varint(r.count);
      w.varint(r.size);
    }
    return w.finish();
  }

  it('round-trip with their keys prefix-compressed', () => {
    const bytes = encodeMetaRange(sample);
    expect(decodeMetaRange(bytes)).toEqual(sample);
    expect(bytes.length).toBeLessThan(encodeVersion1(sample).length - 20);
  });

  it('written before compression still read', () => {
    expect(decodeMetaRange(encodeVersion1(sample))).toEqual(sample);
  });
});
