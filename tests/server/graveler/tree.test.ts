import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BlockStore } from '../../../server/blockstore/index';
import { createGraveler, type ObjectRecord } from '../../../server/graveler/index';
import { Writer } from '../../../server/graveler/codec';
import { contentId, decodeRange, encodeMetaRange, encodeRange, EntryArena, type RangeData } from '../../../server/graveler/range-codec';
import { entry, listAll, openEnv, treeFiles, type Env } from './helpers';

const repo = 'trees';
const ns = `local://${repo}`;

function records(n: number): ObjectRecord[] {
  return Array.from({ length: n }, (_, i) => {
    const path = `part=${String(Math.floor(i / 100)).padStart(3, '0')}/f${String(i % 100).padStart(3, '0')}`;
    return { path, entry: entry(path) };
  });
}

/** Counts the range and metarange files a graveler reads from the blockstore, and the bytes of range files. */
function counting(blockstore: BlockStore): { store: BlockStore; reads: string[]; rangeBytes: () => number } {
  const reads: string[] = [];
  let rangeBytes = 0;
  const store: BlockStore = {
    ...blockstore,
    getBytes: async (namespace, key, range) => {
      reads.push(key);
      const bytes = await blockstore.getBytes(namespace, key, range);
      if (key.startsWith('_tarn/ranges/')) rangeBytes += bytes.length;
      return bytes;
    },
  };
  return { store, reads, rangeBytes: () => rangeBytes };
}

/** A range as files were written before blocks (version 1): one run of records, each key against the one before. */
function encodeVersion1(data: RangeData): Buffer {
  const w = new Writer();
  w.raw(Buffer.from('TRNR'));
  w.byte(1);
  w.varint(data.length);
  let prev = '';
  for (let i = 0; i < data.length; i++) {
    const key = data.key(i);
    let shared = 0;
    while (shared < Math.min(prev.length, key.length) && prev.charCodeAt(shared) === key.charCodeAt(shared)) shared++;
    w.varint(shared);
    w.string(key.slice(shared));
    w.bytes(data.entryBytes(i));
    prev = key;
  }
  return Buffer.from(w.finish());
}

async function rangeIds(env: Env, metaRangeId: string): Promise<string[]> {
  return (await treeFiles(env.blockstore, ns, metaRangeId)).rows.map((r) => r.id);
}

describe('committed trees', () => {
  let env: Env;
  beforeEach(async () => {
    env = await openEnv({ raggedness: 32 });
    await env.g.createRepository({ id: repo, storageNamespace: ns });
  });
  afterEach(async () => {
    await env.close();
  });

  it('round-trips a range, and copied entries keep their exact bytes', () => {
    const arena = new EntryArena();
    const keys = ['a', 'a/\u00e9', 'a/\u00e9/\u{1f600}', 'b'];
    keys.forEach((k, i) => arena.add(k, entry(k, { metadata: { n: String(i), other: 'x' }, addressType: i % 2 ? 'full' : 'relative' })));
    const { bytes, data } = encodeRange(arena);
    const decoded = decodeRange(bytes);
    expect(decoded.allKeys()).toEqual(keys);
    keys.forEach((k, i) => {
      expect(decoded.entry(i)).toEqual(entry(k, { metadata: { n: String(i), other: 'x' }, addressType: i % 2 ? 'full' : 'relative' }));
      expect(decoded.sameBytes(i, data, i)).toBe(true);
    });
    const copy = new EntryArena();
    keys.forEach((k, i) => copy.addFrom(k, decoded, i));
    expect(encodeRange(copy).bytes.equals(bytes)).toBe(true);
  });

  it('decodes a read range\'s keys a block at a time, and finds keys as a search over all of them would', () => {
    // Shared prefixes of every length, keys longer than the scan's first buffer, and keys absent between them.
    const keys: string[] = [];
    for (let i = 0; i < 700; i++) {
      const folder = `t/${String(Math.floor(i / 37)).padStart(3, '0')}/`;
      keys.push(i % 97 === 5 ? `${folder}${'x'.repeat(300 + i)}` : `${folder}f${String(i).padStart(4, '0')}`);
    }
    keys.sort();
    const arena = new EntryArena();
    for (const k of keys) arena.add(k, entry(k));
    const { bytes } = encodeRange(arena);
    const naive = (key: string, lo: number, hi: number) => {
      let i = lo;
      while (i < hi && (keys[i] as string) < key) i++;
      return i;
    };
    let seed = 7;
    const random = (n: number) => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return seed % n;
    };
    const decoded = decodeRange(bytes);
    for (let probe = 0; probe < 2000; probe++) {
      const i = random(keys.length);
      const key = probe % 3 === 0 ? (keys[i] as string) : probe % 3 === 1 ? `${keys[i]}!` : (keys[i] as string).slice(0, -1);
      const lo = probe % 4 === 0 ? 0 : random(keys.length + 1);
      const hi = probe % 4 === 0 ? keys.length : lo + random(keys.length + 1 - lo);
      expect(decoded.search(key, lo, hi)).toBe(naive(key, lo, hi));
      expect(decoded.key(i)).toBe(keys[i]);
    }
    expect(decoded.search('')).toBe(0);
    expect(decoded.search('u')).toBe(keys.length);
    expect(decodeRange(bytes).allKeys()).toEqual(keys);
    // Keys that are not ASCII are decoded all at once, and search alike.
    const wide = new EntryArena();
    const wideKeys = ['a/\u00e9', 'a/\u00e9/\u{1f600}', 'b/\u00fc'];
    for (const k of wideKeys) wide.add(k, entry(k));
    const wideDecoded = decodeRange(encodeRange(wide).bytes);
    expect(wideDecoded.search('a/\u00e9/')).toBe(1);
    expect(wideDecoded.key(2)).toBe('b/\u00fc');
  });

  it('still read range files written before blocks, named by the hash of all their bytes', async () => {
    const keys = ['a/1', 'a/2', 'a/\u00e9', 'b/1'];
    for (const wide of [false, true]) {
      const arena = new EntryArena();
      for (const k of keys.filter((k) => wide || k.charCodeAt(2) < 0x80)) arena.add(k, entry(k));
      const { data } = encodeRange(arena);
      const old = encodeVersion1(data);
      const decoded = decodeRange(old);
      expect(decoded.id).toBe(contentId(old));
      expect(decoded.allKeys()).toEqual(data.allKeys());
      for (let i = 0; i < data.length; i++) expect(decoded.sameBytes(i, data, i)).toBe(true);
      expect(decoded.search('a/2')).toBe(1);
    }
    // A whole tree of such files: read, diffed and committed on as the same tree written now.
    const mr = await env.g.writeMetaRange(repo, records(1000));
    await env.g.commitMetaRange(repo, 'main', mr, { committer: 'u', message: 'load' });
    const rows = [];
    for (const row of (await treeFiles(env.blockstore, ns, mr)).rows) {
      const bytes = encodeVersion1(decodeRange(await env.blockstore.getBytes(ns, `_tarn/ranges/${row.id}`)));
      const id = contentId(bytes);
      await env.blockstore.put(ns, `_tarn/ranges/${id}`, bytes);
      rows.push({ ...row, id, size: bytes.length });
    }
    const oldTree = encodeMetaRange(rows);
    await env.blockstore.put(ns, `_tarn/metaranges/${contentId(oldTree)}`, oldTree);
    const cold = createGraveler({ kv: env.kv, blockstore: env.blockstore, rangeRaggedness: 32 });
    try {
      await cold.createBranch(repo, 'old', 'main');
      await cold.commitMetaRange(repo, 'old', contentId(oldTree), { committer: 'u', message: 'old files' });
      expect((await cold.diff(repo, 'main', 'old', { type: 'two_dot' })).results).toEqual([]);
      await cold.putObject(repo, 'old', 'part=003/f050', entry('changed'));
      await cold.deleteObject(repo, 'old', 'part=007/f001');
      await cold.putObject(repo, 'old', 'part=009/f0505', entry('added'));
      await cold.commit(repo, 'old', { committer: 'u', message: 'on old files' });
      const diff = await cold.diff(repo, 'main', 'old', { type: 'two_dot' });
      expect(diff.results.map((d) => [d.path, d.type])).toEqual([
        ['part=003/f050', 'changed'],
        ['part=007/f001', 'removed'],
        ['part=009/f0505', 'added'],
      ]);
      const expected = records(1000).map((r) => r.path).filter((p) => p !== 'part=007/f001').concat('part=009/f0505').sort();
      expect(await listAll(cold, repo, 'old', { amount: 1000 })).toEqual(expected);
    } finally {
      await cold.close();
    }
  });

  it('gives equal content the same ids: undoing a change restores the metarange id', async () => {
    const mr = await env.g.writeMetaRange(repo, records(2000));
    const base = await env.g.commitMetaRange(repo, 'main', mr, { committer: 'u', message: 'load' });
    await env.g.putObject(repo, 'main', 'part=010/f050', entry('changed'));
    await env.g.commit(repo, 'main', { committer: 'u', message: 'change' });
    await env.g.putObject(repo, 'main', 'part=010/f050', entry('part=010/f050'));
    const back = await env.g.commit(repo, 'main', { committer: 'u', message: 'undo' });
    expect(back.metaRangeId).toBe(base.metaRangeId);
  });

  it('a commit rewrites only the ranges its changes touch', async () => {
    const mr = await env.g.writeMetaRange(repo, records(5000));
    const base = await env.g.commitMetaRange(repo, 'main', mr, { committer: 'u', message: 'load' });
    await env.g.putObject(repo, 'main', 'part=020/f010', entry('changed'));
    await env.g.putObject(repo, 'main', 'part=020/f011x', entry('added'));
    await env.g.deleteObject(repo, 'main', 'part=020/f012');
    const next = await env.g.commit(repo, 'main', { committer: 'u', message: 'three changes' });
    const before = await rangeIds(env, base.metaRangeId);
    const after = await rangeIds(env, next.metaRangeId);
    expect(before.length).toBeGreaterThan(50);
    const kept = after.filter((id) => before.includes(id));
    expect(after.length - kept.length).toBeLessThanOrEqual(2);
    expect(Math.abs(after.length - before.length)).toBeLessThanOrEqual(1);
  });

  it('diff and merge read only the ranges that differ', async () => {
    const mr = await env.g.writeMetaRange(repo, records(5000));
    await env.g.commitMetaRange(repo, 'main', mr, { committer: 'u', message: 'load' });
    await env.g.createBranch(repo, 'feature', 'main');
    await env.g.putObject(repo, 'feature', 'part=030/f001', entry('feature'));
    await env.g.commit(repo, 'feature', { committer: 'u', message: 'feature' });
    await env.g.putObject(repo, 'main', 'part=001/f001', entry('main'));
    await env.g.commit(repo, 'main', { committer: 'u', message: 'main' });

    // A fresh process on the same files: nothing cached.
    const { store, reads } = counting(env.blockstore);
    const cold = createGraveler({ kv: env.kv, blockstore: store, rangeRaggedness: 32 });
    const diff = await cold.diff(repo, 'main', 'feature', { type: 'three_dot' });
    expect(diff.results.map((d) => `${d.type} ${d.path}`)).toEqual(['changed part=030/f001']);
    // Range files, each perhaps read in several pieces (its index, then blocks).
    const rangeFiles = () => new Set(reads.filter((k) => k.startsWith('_tarn/ranges/'))).size;
    expect(rangeFiles()).toBeLessThanOrEqual(4);
    reads.length = 0;
    await cold.merge(repo, 'feature', 'main', { committer: 'u' });
    expect(rangeFiles()).toBeLessThanOrEqual(6);
    await cold.close();
    expect((await env.g.getObject(repo, 'main', 'part=030/f001')).checksum).toBe('sum-feature');
    expect((await env.g.getObject(repo, 'main', 'part=001/f001')).checksum).toBe('sum-main');
  });

  it('refuses bulk records out of order', async () => {
    await expect(
      env.g.writeMetaRange(repo, [
        { path: 'b', entry: entry('b') },
        { path: 'a', entry: entry('a') },
      ]),
    ).rejects.toThrow('ascending');
  });
});

describe('a commit on ranges not in memory', () => {
  /** One range of 20,000 records: an index of over 8 KB (the first read of a file opened by its index). */
  const count = 20_000;
  let env: Env;
  let fileId: string;
  let fileSize: number;
  beforeEach(async () => {
    env = await openEnv({ raggedness: 1_000_000 });
    await env.g.createRepository({ id: repo, storageNamespace: ns });
    const mr = await env.g.writeMetaRange(repo, records(count));
    await env.g.commitMetaRange(repo, 'main', mr, { committer: 'u', message: 'load' });
    const [row, ...others] = (await treeFiles(env.blockstore, ns, mr)).rows;
    expect(others).toEqual([]);
    fileId = row?.id as string;
    fileSize = row?.size as number;
  });
  afterEach(async () => {
    await env.close();
  });

  /** Changes the tree through a graveler with nothing cached, as a fresh process would. */
  async function coldCommit(changes: (g: ReturnType<typeof createGraveler>) => Promise<void>) {
    const { store, rangeBytes } = counting(env.blockstore);
    const cold = createGraveler({ kv: env.kv, blockstore: store, rangeRaggedness: 1_000_000 });
    try {
      await changes(cold);
      await cold.commit(repo, 'main', { committer: 'u', message: 'cold' });
      return rangeBytes();
    } finally {
      await cold.close();
    }
  }

  it('reads the file\'s index and the blocks its changes reach, and makes the tree a whole read would', async () => {
    const paths = records(count).map((r) => r.path);
    const read = await coldCommit(async (g) => {
      await g.putObject(repo, 'main', 'part=003/f050', entry('changed'));
      await g.deleteObject(repo, 'main', 'part=101/f000');
      await g.putObject(repo, 'main', 'part=150/f0505', entry('added'));
      await g.putObject(repo, 'main', 'part=199/f099', entry('last changed'));
    });
    // The index (about 14 KB here) and four blocks of about 6 KB, not the file.
    expect(fileSize).toBeGreaterThan(1_000_000);
    expect(read).toBeLessThan(fileSize / 20);
    const expected = paths.filter((p) => p !== 'part=101/f000').concat('part=150/f0505').sort();
    expect(await listAll(env.g, repo, 'main', { amount: 1000 })).toEqual(expected);
    // A diff in a fresh process skips the runs of the file both sides share, reading the blocks near the changes.
    const { store, rangeBytes } = counting(env.blockstore);
    const cold = createGraveler({ kv: env.kv, blockstore: store, rangeRaggedness: 1_000_000 });
    const diff = await cold.diff(repo, 'main~1', 'main', { type: 'two_dot' }).finally(() => cold.close());
    expect(diff.results.map((d) => `${d.type} ${d.path}`)).toEqual([
      'changed part=003/f050',
      'removed part=101/f000',
      'added part=150/f0505',
      'changed part=199/f099',
    ]);
    expect(rangeBytes()).toBeLessThan(fileSize / 10);
    expect((await env.g.getObject(repo, 'main', 'part=199/f099')).checksum).toBe('sum-last changed');
    // The same records written in one go give a tree with the same content.
    const bulk = await env.g.writeMetaRange(repo, expected.map((path) => ({ path, entry: entry(path === 'part=003/f050' ? 'changed' : path === 'part=150/f0505' ? 'added' : path === 'part=199/f099' ? 'last changed' : path) })));
    await env.g.createBranch(repo, 'bulk', 'main~1');
    await env.g.commitMetaRange(repo, 'bulk', bulk, { committer: 'u', message: 'bulk' });
    expect((await env.g.diff(repo, 'main', 'bulk', { type: 'two_dot' })).results).toEqual([]);
  });

  it('reads a file written before blocks whole, and commits on it alike', async () => {
    const file = `_tarn/ranges/${fileId}`;
    const old = encodeVersion1(decodeRange(await env.blockstore.getBytes(ns, file)));
    const id = contentId(old);
    await env.blockstore.put(ns, `_tarn/ranges/${id}`, old);
    const row = { id, minKey: records(1)[0]?.path as string, maxKey: records(count)[count - 1]?.path as string, count, size: old.length };
    const tree = encodeMetaRange([row]);
    await env.blockstore.put(ns, `_tarn/metaranges/${contentId(tree)}`, tree);
    await env.g.commitMetaRange(repo, 'main', contentId(tree), { committer: 'u', message: 'old file' });
    const read = await coldCommit(async (g) => {
      await g.putObject(repo, 'main', 'part=100/f001', entry('changed'));
    });
    expect(read).toBeGreaterThanOrEqual(old.length);
    const diff = await env.g.diff(repo, 'main~1', 'main', { type: 'two_dot' });
    expect(diff.results.map((d) => `${d.type} ${d.path}`)).toEqual(['changed part=100/f001']);
  });

  it('refuses a damaged block it reads, and commits nothing', async () => {
    const file = `_tarn/ranges/${fileId}`;
    const bytes = await env.blockstore.getBytes(ns, file);
    // A byte of the changed record's entry (its address), so of the block the commit reads.
    const at = bytes.indexOf('data/part=100/f000');
    expect(at).toBeGreaterThan(0);
    bytes.writeUInt8(bytes.readUInt8(at) ^ 1, at);
    await env.blockstore.put(ns, file, bytes);
    const head = (await env.g.getBranch(repo, 'main')).commitId;
    await expect(coldCommit(async (g) => {
      await g.putObject(repo, 'main', 'part=100/f000', entry('changed'));
    })).rejects.toThrow('damaged');
    expect((await env.g.getBranch(repo, 'main')).commitId).toBe(head);
  });
});

describe('damaged tree files', () => {
  it('are reported, never read as data', async () => {
    const env = await openEnv({ raggedness: 32 });
    try {
      await env.g.createRepository({ id: repo, storageNamespace: ns });
      const mr = await env.g.writeMetaRange(repo, records(200));
      await env.g.commitMetaRange(repo, 'main', mr, { committer: 'u', message: 'load' });
      const [first] = await rangeIds(env, mr);
      const file = `_tarn/ranges/${first}`;
      const bytes = await env.blockstore.getBytes(ns, file);
      bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 1, bytes.length - 1);
      await env.blockstore.put(ns, file, bytes);
      const cold = createGraveler({ kv: env.kv, blockstore: env.blockstore });
      await expect(cold.listObjects(repo, 'main', {})).rejects.toThrow('damaged');
      await cold.close();
      // A damaged index (here the first block's hash) fails the read of the file itself.
      bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 1, bytes.length - 1);
      bytes.writeUInt8(bytes.readUInt8(8) ^ 1, 8);
      await env.blockstore.put(ns, file, bytes);
      const again = createGraveler({ kv: env.kv, blockstore: env.blockstore });
      await expect(again.getObject(repo, 'main', records(200)[0]?.path as string)).rejects.toThrow('damaged');
      await again.close();
    } finally {
      await env.close();
    }
  });
});
