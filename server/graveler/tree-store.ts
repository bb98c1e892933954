import { LRUCache } from 'lru-cache';
import type { BlockStore } from '../blockstore/index';
import {
  contentId,
  DamagedFileError,
  decodeMetaRange,
  decodeMetaRangeFile,
  decodeRange,
  encodeMetaRange,
  encodePartedMetaRange,
  encodeRange,
  openRange,
  type EntryArena,
  type RangeData,
  type RangeInfo,
  type RangeSource,
} from './range-codec';
import { cutParts, partOf, type Tree, type TreeItem, type TreePart } from './tree-parts';

const RANGES = '_tarn/ranges/';
const CONTENT_ID = /^[0-9a-f]{64}$/;
const METARANGES = '_tarn/metaranges/';

/** Where a committed tree's files live in the repository's namespace; undefined for what is not a content id. */
export function treeFileKey(kind: 'range' | 'metarange', id: string): string | undefined {
  if (!CONTENT_ID.test(id)) return undefined;
  return (kind === 'range' ? RANGES : METARANGES) + id;
}

/** Memory held by decoded rows or parts: per item an object, its id and two keys (UTF-16), measured roughly. */
function metaRangeWeight(items: readonly { minKey: string; maxKey: string }[]): number {
  let weight = 0;
  for (const r of items) weight += 200 + 2 * (r.minKey.length + r.maxKey.length);
  return weight;
}

/** The cache counts memory in whole, positive bytes. */
const cacheSize = (bytes: number) => Math.max(1, Math.ceil(bytes));

/** A metarange file's content must hash to its name: a damaged file is an error, never silently wrong data. */
function verified(bytes: Buffer, id: string): Buffer {
  if (contentId(bytes) !== id) throw new DamagedFileError(id);
  return bytes;
}

/** A range file as read, or undefined when it does not even decode: it is damaged either way. */
function decodedOrUndefined(bytes: Buffer): RangeData | undefined {
  try {
    return decodeRange(bytes);
  } catch {
    return undefined;
  }
}

/**
 * Bytes read first when a range file is opened by its index: the index of a file of the usual few hundred kilobytes
 * takes a few kilobytes (about 45 bytes per block of 64 records).
 */
const INDEX_READ = 8 * 1024;

/**
 * What the store has written since it opened, and the range files it had to read (not held in its cache): the
 * machine-independent cost of commits, for benchmarks.
 */
export interface TreeWriteStats {
  /** Range files encoded, and the records in them (each one re-encoded). */
  ranges: number;
  records: number;
  /** Metarange files encoded (parts and the indexes of parted trees), the rows and parts in them, their bytes. */
  metaranges: number;
  metarangeRows: number;
  metarangeBytes: number;
  /** Bytes of range and metarange files encoded. */
  bytes: number;
  /** Range files read from the object store, and their bytes. */
  rangesRead: number;
  rangeBytesRead: number;
}

/**
 * Reads and writes the immutable, content-addressed files of committed trees in a repository's namespace.
 * Because a file never changes once written, the decoded form is cached by id and eviction is the only
 * invalidation. Concurrent loads of one id share a single read.
 */
export class TreeStore {
  private readonly ranges: LRUCache<string, RangeData>;
  /** Rows of metarange files (whole small trees and parts), by file. */
  private readonly metaranges: LRUCache<string, RangeInfo[]>;
  /** Trees as parts, by metarange id. */
  private readonly trees: LRUCache<string, Tree>;
  private readonly loading = new Map<string, Promise<unknown>>();
  readonly written: TreeWriteStats = { ranges: 0, records: 0, metaranges: 0, metarangeRows: 0, metarangeBytes: 0, bytes: 0, rangesRead: 0, rangeBytesRead: 0 };

  constructor(
    private readonly blockstore: BlockStore,
    cacheBytes: number,
  ) {
    this.ranges = new LRUCache({ maxSize: cacheSize(Math.floor(cacheBytes * 0.9)) });
    this.metaranges = new LRUCache({ maxSize: cacheSize(cacheBytes * 0.08) });
    this.trees = new LRUCache({ maxSize: cacheSize(cacheBytes * 0.02) });
  }

  private async load<T extends object>(cache: LRUCache<string, T>, key: string, read: () => Promise<{ value: T; weight: number }>): Promise<T> {
    const hit = cache.get(key);
    if (hit) return hit;
    const pending = this.loading.get(key);
    if (pending) return pending as Promise<T>;
    const p = read().then(
      ({ value, weight }) => {
        cache.set(key, value, { size: cacheSize(weight) });
        this.loading.delete(key);
        return value;
      },
      (err: unknown) => {
        this.loading.delete(key);
        throw err;
      },
    );
    this.loading.set(key, p);
    return p;
  }

  /** A range with every record in memory, read whole (or the rest of it, when a commit opened it by its index). */
  async readRange(namespace: string, id: string): Promise<RangeData> {
    const data = await this.load(this.ranges, `${namespace}\0${id}`, async () => {
      // A range file names the hashes of its blocks, each checked when first used (see encodeRange).
      const bytes = await this.blockstore.getBytes(namespace, RANGES + id);
      this.written.rangesRead++;
      this.written.rangeBytesRead += bytes.length;
      const data = decodedOrUndefined(bytes);
      if (data?.id !== id) throw new DamagedFileError(id);
      return { value: data, weight: data.weight };
    });
    if (!data.complete) await data.loadAll();
    return data;
  }

  /**
   * A range of which only the index may be in memory: a commit reads its blocks as its changes reach them
   * (`RangeData.loadFor`, `load`), so a change to a large file that is not cached reads a few kilobytes, not the file.
   */
  openRange(namespace: string, id: string): Promise<RangeData> {
    const cacheKey = `${namespace}\0${id}`;
    return this.load(this.ranges, cacheKey, async () => {
      const key = RANGES + id;
      const source: RangeSource = {
        read: async (start, end) => {
          const bytes = await this.blockstore.getBytes(namespace, key, { start, end: end - 1 });
          this.written.rangeBytesRead += bytes.length;
          return bytes;
        },
        // The cache's budget counts the blocks a range holds as they arrive.
        grew: () => {
          const held = this.ranges.peek(cacheKey);
          if (held) this.ranges.set(cacheKey, held, { size: cacheSize(held.weight) });
        },
      };
      this.written.rangesRead++;
      // Infinity: the whole file.
      let want = INDEX_READ;
      for (;;) {
        const head = await this.blockstore.getBytes(namespace, key, want === Infinity ? undefined : { start: 0, end: want - 1 });
        this.written.rangeBytesRead += head.length;
        let found: RangeData | 'longer' | 'whole';
        try {
          found = openRange(head, head.length < want, source);
        } catch {
          throw new DamagedFileError(id);
        }
        if (typeof found !== 'string') {
          if (found.id !== id) throw new DamagedFileError(id);
          return { value: found, weight: found.weight };
        }
        want = found === 'whole' ? Infinity : want * 4;
      }
    });
  }

  /**
   * A committed tree as parts; the empty id stands for the empty tree (a repository's first commit). A metarange of
   * rows is a tree of one part, that file itself.
   */
  readTree(namespace: string, id: string): Promise<Tree> {
    if (id === '') return Promise.resolve([]);
    return this.load(this.trees, `${namespace}\0tree\0${id}`, async () => {
      const file = decodeMetaRangeFile(verified(await this.blockstore.getBytes(namespace, METARANGES + id), id));
      if ('parts' in file) {
        const tree = file.parts.map((p) => ({ ...p, canonical: true }));
        return { value: tree, weight: metaRangeWeight(tree) };
      }
      // A file of no rows is the empty tree that a commit deleting everything made.
      if (file.rows.length === 0) return { value: [], weight: metaRangeWeight([]) };
      this.metaranges.set(`${namespace}\0${id}`, file.rows, { size: cacheSize(metaRangeWeight(file.rows)) });
      const part = partOf(id, file.rows);
      return { value: [part], weight: metaRangeWeight([part]) };
    });
  }

  /** The rows of a tree's part. */
  readRows(namespace: string, id: string): Promise<RangeInfo[]> {
    return this.load(this.metaranges, `${namespace}\0${id}`, async () => {
      const rows = decodeMetaRange(verified(await this.blockstore.getBytes(namespace, METARANGES + id), id));
      return { value: rows, weight: metaRangeWeight(rows) };
    });
  }

  async writeRange(namespace: string, arena: EntryArena): Promise<RangeInfo> {
    const { bytes, data } = encodeRange(arena);
    this.written.ranges++;
    this.written.records += arena.length;
    this.written.bytes += bytes.length;
    const id = data.id;
    const cacheKey = `${namespace}\0${id}`;
    if (!this.ranges.has(cacheKey)) {
      await this.blockstore.put(namespace, RANGES + id, bytes);
      this.ranges.set(cacheKey, data, { size: cacheSize(data.weight) });
    }
    const keys = arena.keys;
    return { id, minKey: keys[0] as string, maxKey: keys[keys.length - 1] as string, count: keys.length, size: bytes.length };
  }

  /**
   * Writes a tree from its rows and the parts of an older tree it keeps: only parts that changed are encoded, and
   * the index of parts when there is more than one (a tree of one part is that part's file). Equal rows always give
   * equal parts, so equal trees always have equal ids. The empty tree is a file of no rows with an id of its own, as
   * lakeFS writes it: only a repository's first commit has the empty id "", so a commit that deleted everything
   * differs from that first commit, and merging it is a merge, not "no changes".
   */
  async writeMetaRange(namespace: string, items: readonly TreeItem[]): Promise<string> {
    const parts = await cutParts(items, {
      rows: (part) => this.readRows(namespace, part.id),
      write: (rows) => this.writePart(namespace, rows),
    });
    if (parts.length === 0) {
      const id = await this.putMetaRange(namespace, encodeMetaRange([]), 0);
      this.trees.set(`${namespace}\0tree\0${id}`, [], { size: cacheSize(metaRangeWeight([])) });
      return id;
    }
    // The next commit starts from this tree: a tree of one part is that part's file, cached as a tree too.
    const id = parts.length === 1 ? (parts[0] as TreePart).id : await this.putMetaRange(namespace, encodePartedMetaRange(parts), parts.length);
    this.trees.set(`${namespace}\0tree\0${id}`, parts, { size: cacheSize(metaRangeWeight(parts)) });
    return id;
  }

  private async writePart(namespace: string, rows: RangeInfo[]): Promise<TreePart> {
    const id = await this.putMetaRange(namespace, encodeMetaRange(rows), rows.length);
    this.metaranges.set(`${namespace}\0${id}`, rows, { size: cacheSize(metaRangeWeight(rows)) });
    return partOf(id, rows);
  }

  /** Counts a metarange file and stores it unless this process already holds it. */
  private async putMetaRange(namespace: string, bytes: Buffer, rows: number): Promise<string> {
    this.written.metaranges++;
    this.written.metarangeRows += rows;
    this.written.metarangeBytes += bytes.length;
    this.written.bytes += bytes.length;
    const id = contentId(bytes);
    if (!this.metaranges.has(`${namespace}\0${id}`) && !this.trees.has(`${namespace}\0tree\0${id}`)) {
      await this.blockstore.put(namespace, METARANGES + id, bytes);
    }
    return id;
  }

  /** Whether a metarange exists; ids that are not content hashes never name one. */
  async hasMetaRange(namespace: string, id: string): Promise<boolean> {
    if (id === '' || this.trees.has(`${namespace}\0tree\0${id}`) || this.metaranges.has(`${namespace}\0${id}`)) return true;
    if (!CONTENT_ID.test(id)) return false;
    return this.blockstore.exists(namespace, METARANGES + id);
  }

  clear(): void {
    this.ranges.clear();
    this.metaranges.clear();
    this.trees.clear();
  }
}
