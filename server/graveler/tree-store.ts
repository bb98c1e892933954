import { LRUCache } from 'lru-cache';
import type { BlockStore } from '../blockstore/index';
import {
  contentId,
  decodeMetaRange,
  decodeRange,
  encodeMetaRange,
  encodeRange,
  type EntryArena,
  type RangeData,
  type RangeInfo,
} from './range-codec';

const RANGES = '_tarn/ranges/';
const CONTENT_ID = /^[0-9a-f]{64}$/;
const METARANGES = '_tarn/metaranges/';

/** Where a committed tree's files live in the repository's namespace; undefined for what is not a content id. */
export function treeFileKey(kind: 'range' | 'metarange', id: string): string | undefined {
  if (!CONTENT_ID.test(id)) return undefined;
  return (kind === 'range' ? RANGES : METARANGES) + id;
}

/** Memory held by a decoded metarange: per row an object, its id and two keys (UTF-16), measured roughly. */
function metaRangeWeight(ranges: readonly RangeInfo[]): number {
  let weight = 0;
  for (const r of ranges) weight += 200 + 2 * (r.minKey.length + r.maxKey.length);
  return weight;
}

/** The cache counts memory in whole, positive bytes. */
const cacheSize = (bytes: number) => Math.max(1, Math.ceil(bytes));

/** A file's content must hash to its name: a damaged file is an error, never silently wrong data. */
function verified(bytes: Buffer, id: string): Buffer {
  if (contentId(bytes) !== id) throw new Error(`committed tree file ${id} is damaged`);
  return bytes;
}

/** What the store has written since it opened: the machine-independent cost of commits, for benchmarks. */
export interface TreeWriteStats {
  /** Range files encoded, and the records in them (each one re-encoded). */
  ranges: number;
  records: number;
  /** Metarange files encoded, and their rows. */
  metaranges: number;
  metarangeRows: number;
  /** Bytes of range and metarange files encoded. */
  bytes: number;
}

/**
 * Reads and writes the immutable, content-addressed files of committed trees in a repository's namespace.
 * Because a file never changes once written, the decoded form is cached by id and eviction is the only
 * invalidation. Concurrent loads of one id share a single read.
 */
export class TreeStore {
  private readonly ranges: LRUCache<string, RangeData>;
  private readonly metaranges: LRUCache<string, RangeInfo[]>;
  private readonly loading = new Map<string, Promise<unknown>>();
  readonly written: TreeWriteStats = { ranges: 0, records: 0, metaranges: 0, metarangeRows: 0, bytes: 0 };

  constructor(
    private readonly blockstore: BlockStore,
    cacheBytes: number,
  ) {
    this.ranges = new LRUCache({ maxSize: cacheSize(Math.floor(cacheBytes * 0.9)) });
    this.metaranges = new LRUCache({ maxSize: cacheSize(cacheBytes * 0.1) });
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

  readRange(namespace: string, id: string): Promise<RangeData> {
    return this.load(this.ranges, `${namespace}\0${id}`, async () => {
      const data = decodeRange(verified(await this.blockstore.getBytes(namespace, RANGES + id), id));
      return { value: data, weight: data.weight };
    });
  }

  /** The empty id stands for the empty tree (a repository's first commit). */
  readMetaRange(namespace: string, id: string): Promise<RangeInfo[]> {
    if (id === '') return Promise.resolve([]);
    return this.load(this.metaranges, `${namespace}\0${id}`, async () => {
      const bytes = verified(await this.blockstore.getBytes(namespace, METARANGES + id), id);
      const ranges = decodeMetaRange(bytes);
      return { value: ranges, weight: metaRangeWeight(ranges) };
    });
  }

  async writeRange(namespace: string, arena: EntryArena): Promise<RangeInfo> {
    const { bytes, data } = encodeRange(arena);
    this.written.ranges++;
    this.written.records += arena.length;
    this.written.bytes += bytes.length;
    const id = contentId(bytes);
    const cacheKey = `${namespace}\0${id}`;
    if (!this.ranges.has(cacheKey)) {
      await this.blockstore.put(namespace, RANGES + id, bytes);
      this.ranges.set(cacheKey, data, { size: cacheSize(data.weight) });
    }
    const keys = arena.keys;
    return { id, minKey: keys[0] as string, maxKey: keys[keys.length - 1] as string, count: keys.length, size: bytes.length };
  }

  /** The empty tree is always the empty id, so equal trees always have equal ids. */
  async writeMetaRange(namespace: string, ranges: RangeInfo[]): Promise<string> {
    if (ranges.length === 0) return '';
    const bytes = encodeMetaRange(ranges);
    this.written.metaranges++;
    this.written.metarangeRows += ranges.length;
    this.written.bytes += bytes.length;
    const id = contentId(bytes);
    const cacheKey = `${namespace}\0${id}`;
    if (!this.metaranges.has(cacheKey)) {
      await this.blockstore.put(namespace, METARANGES + id, bytes);
      this.metaranges.set(cacheKey, ranges, { size: cacheSize(metaRangeWeight(ranges)) });
    }
    return id;
  }

  /** Whether a metarange exists; ids that are not content hashes never name one. */
  async hasMetaRange(namespace: string, id: string): Promise<boolean> {
    if (id === '' || this.metaranges.has(`${namespace}\0${id}`)) return true;
    if (!CONTENT_ID.test(id)) return false;
    return this.blockstore.exists(namespace, METARANGES + id);
  }

  clear(): void {
    this.ranges.clear();
    this.metaranges.clear();
  }
}
