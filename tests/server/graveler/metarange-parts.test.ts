import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BlockStore } from '../../../server/blockstore/index';
import { createGraveler, type Commit } from '../../../server/graveler/index';
import { contentId, decodeMetaRangeFile, encodeMetaRange, encodePartedMetaRange, type PartInfo, type RangeInfo } from '../../../server/graveler/range-codec';
import { cutParts, MAX_PART_ROWS, partOf, type TreeItem, type TreePart } from '../../../server/graveler/tree-parts';
import { entry, listAll, openEnv, tickingClock, treeFiles, type Env } from './helpers';

/** A tiny deterministic generator: the same steps on every run. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('cutting rows into parts', () => {
  const hex = (s: string) => createHash('sha256').update(s).digest('hex');
  const row = (key: number, version = 0): RangeInfo => {
    const k = `k/${String(key).padStart(7, '0')}`;
    return { id: hex(`${k}@${version}`), minKey: k, maxKey: `${k}~`, count: 10, size: 100 };
  };

  /** Parts kept in memory, named by their rows as a store names them by their bytes. */
  function memoryFiles() {
    const files = new Map<string, RangeInfo[]>();
    const writes: string[] = [];
    return {
      writes,
      rows: async (part: TreePart) => files.get(part.id) as RangeInfo[],
      write: async (rows: RangeInfo[]) => {
        const id = hex(JSON.stringify(rows));
        files.set(id, [...rows]);
        writes.push(id);
        return partOf(id, rows);
      },
    };
  }

  it('cut the same rows the same way whether an older tree is kept part by part or not', async () => {
    const rand = lcg(5);
    let rows = Array.from({ length: 8000 }, (_, i) => row(i * 10));
    const files = memoryFiles();
    let parts = await cutParts(rows, files);
    for (let round = 0; round < 60; round++) {
      // An edit of a few neighbouring rows: some replaced, some removed, some added between them.
      const at = Math.floor(rand() * rows.length);
      const span = 1 + Math.floor(rand() * 6);
      const edited = rows.slice(at, at + span).flatMap((r): RangeInfo[] => {
        const key = Number(r.minKey.slice(2));
        const pick = Math.floor(rand() * 4);
        if (pick === 0) return [];
        if (pick === 1) return [row(key, round + 1)];
        if (pick === 2) return [r, row(key + 1 + Math.floor(rand() * 8), round + 1)];
        return [r];
      });
      const next = [...rows.slice(0, at), ...edited, ...rows.slice(at + span)];
      if (next.length === 0) continue;
      // As a commit hands them over: parts that hold no edited row whole, the rows of the others.
      const lo = rows[at]?.minKey ?? '';
      const hi = (rows[Math.min(at + span, rows.length) - 1] as RangeInfo).maxKey;
      const untouched = (p: PartInfo) => p.maxKey < lo || p.minKey > hi;
      const before = parts.filter((p) => untouched(p) && p.maxKey < lo);
      const after = parts.filter((p) => untouched(p) && p.minKey > hi);
      const from = before.at(-1)?.maxKey ?? '';
      const to = after[0]?.minKey;
      const items: TreeItem[] = [
        ...before.map((part) => ({ part })),
        ...next.filter((r) => r.minKey > from && (to === undefined || r.maxKey < to)),
        ...after.map((part) => ({ part })),
      ];
      files.writes.length = 0;
      parts = await cutParts(items, files);
      const writtenNow = files.writes.length;
      const scratch = await cutParts(next, memoryFiles());
      expect(parts.map((p) => p.id)).toEqual(scratch.map((p) => p.id));
      // The cut realigns with the old one within a part or two of the edit.
      expect(writtenNow).toBeLessThanOrEqual(4);
      rows = next;
    }
    expect(parts.length).toBeGreaterThan(15);
    for (const p of parts) {
      expect(p.rows).toBeLessThanOrEqual(MAX_PART_ROWS);
      expect(p.canonical).toBe(true);
    }
    expect(parts.reduce((n, p) => n + p.rows, 0)).toBe(rows.length);
  });

  it('cut by count alone where the keys give no place to cut, never past the most rows a part may have', async () => {
    // Every row ends with the same key: its hash either cuts every part at the fewest rows or never, and then the
    // count does.
    const rows = Array.from({ length: 3000 }, (_, i) => ({ ...row(i), maxKey: 'same' }));
    const parts = await cutParts(rows, memoryFiles());
    expect(new Set(parts.slice(0, -1).map((p) => p.rows)).size).toBe(1);
    expect(Math.max(...parts.map((p) => p.rows))).toBeLessThanOrEqual(MAX_PART_ROWS);
    expect(parts.reduce((n, p) => n + p.rows, 0)).toBe(rows.length);
  });

  it('never keep whole a metarange written before parts, which may be cut elsewhere', async () => {
    const rows = Array.from({ length: MAX_PART_ROWS + 100 }, (_, i) => row(i));
    const legacy = partOf(hex('legacy'), rows);
    expect(legacy.canonical).toBe(false);
    const files = memoryFiles();
    const scratch = await cutParts(rows, memoryFiles());
    const viaLegacy = await cutParts([{ part: legacy }], { ...files, rows: async () => rows });
    expect(viaLegacy.map((p) => p.id)).toEqual(scratch.map((p) => p.id));
  });

  it('round-trip the index of a parted metarange, and still read files of rows', () => {
    const parts: PartInfo[] = [
      { id: 'a'.repeat(64), minKey: 'data/part=1/a', maxKey: 'data/part=1/z', rows: 40, count: 80_000, size: 4_000_000 },
      { id: 'b'.repeat(64), minKey: 'data/part=2/\u{1f600}', maxKey: 'data/part=9', rows: 128, count: 1, size: 10 },
    ];
    expect(decodeMetaRangeFile(encodePartedMetaRange(parts))).toEqual({ parts });
    const rows = [row(1), row(2)];
    expect(decodeMetaRangeFile(encodeMetaRange(rows))).toEqual({ rows });
  });
});

const repo = 'parts';
const ns = `local://${repo}`;
const OBJECTS = 12_000;
const pathOf = (i: number) => `t/p=${String(Math.floor(i / 100)).padStart(3, '0')}/f${String(i % 100).padStart(3, '0')}`;
const sortedRecords = (m: Map<string, string>) => [...m].sort(([a], [b]) => (a < b ? -1 : 1)).map(([path, c]) => ({ path, entry: entry(c) }));

/** Counts the metarange and range files a graveler reads. */
function counting(blockstore: BlockStore): { store: BlockStore; reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    store: {
      ...blockstore,
      getBytes: async (namespace, key, range) => {
        reads.push(key);
        return blockstore.getBytes(namespace, key, range);
      },
    },
  };
}

describe('trees of many parts', () => {
  let env: Env;
  let model: Map<string, string>;
  let version = 0;

  // Ranges of about 2 records: 12,000 objects make some 6,000 rows in about twenty parts, and every touched segment
  // is small enough to be rewritten canonically, so a commit's tree must equal a bulk write of the same records.
  beforeEach(async () => {
    env = await openEnv({ raggedness: 2, now: tickingClock() });
    await env.g.createRepository({ id: repo, storageNamespace: ns });
    model = new Map(Array.from({ length: OBJECTS }, (_, i) => [pathOf(i), `${pathOf(i)}@0`]));
    const mr = await env.g.writeMetaRange(repo, sortedRecords(model));
    await env.g.commitMetaRange(repo, 'main', mr, { committer: 'u', message: 'load' });
  });
  afterEach(async () => {
    await env.close();
  });

  const head = async (branch = 'main'): Promise<Commit> => env.g.getCommit(repo, (await env.g.getBranch(repo, branch)).commitId);

  /** Changes clustered in one folder (i within [from, from + 300)) or spread over the whole tree. */
  async function stage(m: Map<string, string>, rand: () => number, n: number, from?: number, branch = 'main'): Promise<void> {
    for (let k = 0; k < n; k++) {
      const i = from === undefined ? Math.floor(rand() * OBJECTS) : from + Math.floor(rand() * 300);
      const kind = Math.floor(rand() * 4);
      const path = kind === 3 ? `${pathOf(i)}+${version}` : pathOf(i);
      if (kind === 2) {
        await env.g.deleteObject(repo, branch, path).catch(() => undefined);
        m.delete(path);
      } else {
        const content = `${path}@${++version}`;
        await env.g.putObject(repo, branch, path, entry(content));
        m.set(path, content);
      }
    }
  }

  it('commit by rewriting only the parts they touch, and give the tree a bulk write of the same records gives', async () => {
    const rand = lcg(9);
    const first = await treeFiles(env.blockstore, ns, (await head()).metaRangeId);
    expect(first.parts.length).toBeGreaterThan(8);
    expect(first.rows.length).toBeGreaterThan(first.parts.length * 64);
    for (let round = 0; round < 16; round++) {
      const clustered = round % 2 === 0;
      const before = await treeFiles(env.blockstore, ns, (await head()).metaRangeId);
      await stage(model, rand, clustered ? 20 : 8, clustered ? Math.floor(rand() * (OBJECTS - 300)) : undefined);
      const written = env.g.treeWriteStats();
      const commit = await env.g.commit(repo, 'main', { committer: 'u', message: `round ${round}` });
      const stats = env.g.treeWriteStats();
      const after = await treeFiles(env.blockstore, ns, commit.metaRangeId);
      // Parts not reached by a change are the same files; the metarange written is the new parts and the index.
      const kept = new Set(before.parts.map((p) => p.id));
      const newParts = after.parts.filter((p) => !kept.has(p.id));
      expect(stats.metaranges - written.metaranges).toBe(newParts.length + 1);
      expect(stats.metarangeRows - written.metarangeRows).toBe(newParts.reduce((n, p) => n + p.rows, 0) + after.parts.length);
      // A change re-cuts its own part and, when it moves that part's end, the next one.
      expect(newParts.length).toBeLessThanOrEqual(clustered ? 5 : 2 * 8);
      expect(after.parts.length - newParts.length).toBeGreaterThan(after.parts.length / 2);
      expect(commit.metaRangeId).toBe(await env.g.writeMetaRange(repo, sortedRecords(model)));
    }
    expect(await listAll(env.g, repo, 'main', { amount: 1000 })).toEqual([...model.keys()].sort());
    for (const p of [pathOf(0), pathOf(2999), pathOf(OBJECTS - 1)]) {
      if (model.has(p)) expect((await env.g.getObject(repo, 'main', p)).checksum).toBe(`sum-${model.get(p)}`);
    }
  });

  it('find paths across parts from any after, as filtering every path would', async () => {
    const all = [...model.keys()].sort();
    expect((await treeFiles(env.blockstore, ns, (await head()).metaRangeId)).parts.length).toBeGreaterThan(8);
    /** The query's letters in order, in any case: the filter every path would go through. */
    const holds = (path: string, query: string) => {
      let at = 0;
      for (const letter of query.toLowerCase()) {
        at = path.toLowerCase().indexOf(letter, at) + 1;
        if (at === 0) return false;
      }
      return true;
    };
    for (const [query, after] of [
      ['F07', ''],
      ['p=05', all[3000] as string],
      ['f099', all[OBJECTS - 150] as string],
      // Letters found only in later paths: '9' then '8' after '/f9' is rare, so most paths are passed over.
      ['p9/f98', ''],
      ['absent', all[6000] as string],
    ] as const) {
      const found: string[] = [];
      for (let cursor = after; ; ) {
        const page = await env.g.findObjects(repo, 'main', { query, after: cursor, amount: 1000 });
        found.push(...page.results.map((r) => r.path));
        if (!page.hasMore) break;
        cursor = page.nextOffset;
      }
      expect(found.sort()).toEqual(all.filter((p) => p > after && holds(p, query)));
    }
  });

  it('diff, merge and look up through parts, reading only the parts that differ', async () => {
    const rand = lcg(21);
    await env.g.createBranch(repo, 'feature', 'main');
    const feature = new Map(model);
    await stage(feature, rand, 10, 100, 'feature');
    await env.g.commit(repo, 'feature', { committer: 'u', message: 'feature' });
    await stage(model, rand, 10, 5000);
    await env.g.commit(repo, 'main', { committer: 'u', message: 'main' });
    const parts = (await treeFiles(env.blockstore, ns, (await head()).metaRangeId)).parts.length;

    const { store, reads } = counting(env.blockstore);
    const cold = createGraveler({ kv: env.kv, blockstore: store, rangeRaggedness: 2 });
    const diff = await cold.diff(repo, 'main', 'feature', { type: 'three_dot', amount: 1000 });
    const expected = [...new Set([...model.keys(), ...feature.keys()])]
      .filter((p) => p < pathOf(400) && model.get(p) !== feature.get(p))
      .sort();
    expect(diff.results.map((d) => d.path)).toEqual(expected);
    // Three indexes (both heads and their base) and the few parts around the changes, not every part.
    expect(reads.filter((k) => k.startsWith('_tarn/metaranges/')).length).toBeLessThan(3 + 5);
    expect(parts).toBeGreaterThan(8);
    reads.length = 0;
    await cold.merge(repo, 'feature', 'main', { committer: 'u' });
    expect(reads.filter((k) => k.startsWith('_tarn/metaranges/')).length).toBeLessThan(3 + 12);
    await cold.close();
    for (const [p, c] of feature) if (p < pathOf(400)) model.set(p, c);
    for (const p of [...model.keys()]) if (p < pathOf(400) && !feature.has(p)) model.delete(p);
    expect(await listAll(env.g, repo, 'main', { amount: 1000 })).toEqual([...model.keys()].sort());
    expect((await head()).metaRangeId).toBe(await env.g.writeMetaRange(repo, sortedRecords(model)));
    await expect(env.g.getObject(repo, 'main', `${pathOf(10)}-absent`)).rejects.toThrow();
  });

  it('hand the garbage collector every entry once, skipping the parts it has seen', async () => {
    const rand = lcg(33);
    const old = await head();
    const oldModel = new Map(model);
    await stage(model, rand, 30);
    const now = await env.g.commit(repo, 'main', { committer: 'u', message: 'spread' });
    const seen = new Set<string>();
    const addresses = (m: Map<string, string>) => [...m.values()].map((c) => `data/${c}`);
    const walked: string[] = [];
    for await (const batch of env.g.treeAddresses(repo, now.metaRangeId, seen)) walked.push(...batch.map((e) => e.address));
    expect(walked.sort()).toEqual(addresses(model).sort());
    walked.length = 0;
    for await (const batch of env.g.treeAddresses(repo, old.metaRangeId, seen)) walked.push(...batch.map((e) => e.address));
    // The older tree adds only what the newer one no longer holds, read from the parts that differ.
    const current = new Set(addresses(model));
    const seenNow = new Set(walked);
    for (const a of addresses(oldModel)) if (!current.has(a)) expect(seenNow.has(a)).toBe(true);
    expect(walked.length).toBeLessThan(OBJECTS / 2);
  });

  it('survive a refs dump and restore, and a commit record naming a parted metarange', async () => {
    await stage(model, lcg(2), 20);
    const c = await env.g.commit(repo, 'main', { committer: 'u', message: 'more' });
    expect((await treeFiles(env.blockstore, ns, c.metaRangeId)).parts.length).toBeGreaterThan(1);
    const dump = await env.g.dumpRefs(repo);
    await env.g.createRepository({ id: 'restored', storageNamespace: ns, bare: true, allowExistingNamespace: true });
    await env.g.restoreRefs('restored', dump);
    expect(await listAll(env.g, 'restored', 'main', { amount: 1000 })).toEqual([...model.keys()].sort());
    // Copied oldest first: a record is taken once its metarange (here an index of parts) and parents exist.
    await env.g.createRepository({ id: 'copy', storageNamespace: ns, bare: true, allowExistingNamespace: true });
    const chain: Commit[] = [];
    for (let at: Commit | undefined = c; at; at = at.parents[0] === undefined ? undefined : await env.g.getCommit(repo, at.parents[0])) chain.unshift(at);
    for (const r of chain) await env.g.createCommitRecord('copy', r);
    await expect(env.g.getCommit('copy', c.id)).resolves.toMatchObject({ metaRangeId: c.metaRangeId });
  });

  it('read a metarange written before parts and commit on it into parts', async () => {
    // The same rows as one file of rows, as every metarange was written before: still read, and rewritten into
    // the canonical parts by the first commit on top of it.
    const { rows } = await treeFiles(env.blockstore, ns, (await head()).metaRangeId);
    const bytes = encodeMetaRange(rows);
    const legacyId = contentId(bytes);
    await env.blockstore.put(ns, `_tarn/metaranges/${legacyId}`, bytes);
    await env.g.createBranch(repo, 'legacy', 'main');
    const legacy = await env.g.commitMetaRange(repo, 'legacy', legacyId, { committer: 'u', message: 'legacy' });
    expect(legacy.metaRangeId).toBe(legacyId);
    expect((await env.g.diff(repo, 'main', 'legacy', { type: 'two_dot' })).results).toEqual([]);
    expect(await listAll(env.g, repo, 'legacy', { amount: 1000 })).toEqual([...model.keys()].sort());
    const m = new Map(model);
    await stage(m, lcg(4), 5, 2000, 'legacy');
    const next = await env.g.commit(repo, 'legacy', { committer: 'u', message: 'on legacy' });
    expect(next.metaRangeId).toBe(await env.g.writeMetaRange(repo, sortedRecords(m)));
  });
});
