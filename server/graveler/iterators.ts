import { compareKeys } from '../kv/keys';
import type { KvStore } from '../kv/index';
import { decodeStaged } from './codec';
import type { RangeData, RangeInfo } from './range-codec';
import type { Tree, TreePart } from './tree-parts';
import type { TreeStore } from './tree-store';
import type { ObjectEntry } from './types';

/** A key and its value; null is a staged tombstone. */
export interface Rec {
  key: string;
  value: ObjectEntry | null;
}

/** Sorted records from a starting key onwards. */
export interface RecordIterator {
  next(): Promise<Rec | undefined>;
}

/** Index of the first element whose key is >= `key`, searching items[lo..hi). */
export function lowerBound<T>(items: readonly T[], key: string, keyOf: (item: T) => string, lo = 0, hi = items.length): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareKeys(keyOf(items[mid] as T), key) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export const identity = (s: string): string => s;
export const maxKeyOf = (r: { maxKey: string }): string => r.maxKey;

/**
 * The records of a range file that a metarange row refers to: keys lo..hi-1. A row names a run of a file's
 * records, from its minKey on, `count` of them; usually the whole file, after a sparse commit a part of it.
 */
export function rowSpan(data: RangeData, row: RangeInfo): { lo: number; hi: number } {
  if (row.count === data.length) return { lo: 0, hi: data.length };
  const lo = data.search(row.minKey);
  return { lo, hi: lo + row.count };
}

/**
 * Reads what `rowSpan` needs of a file opened by its index: the block where the row starts, when the row is a run
 * of the file rather than all of it. Undefined when nothing needs reading.
 */
export function loadRowStart(data: RangeData, row: RangeInfo): Promise<void> | undefined {
  return row.count === data.length ? undefined : data.loadFor(row.minKey);
}

/** Rows with the same file and bounds hold the same records, so walks may skip them unread. */
export function sameRow(a: RangeInfo, b: RangeInfo): boolean {
  return a.id === b.id && a.count === b.count && a.minKey === b.minKey;
}

/** A record still in its range: decoded only when reported. */
export interface Slot {
  key: string;
  data: RangeData;
  index: number;
}

export const entryOf = (s: Slot): ObjectEntry => s.data.entry(s.index);

/**
 * Records a walk reads at a time from a range file not in memory: first a block (a diff looks at a few records near
 * each change), then twice as many each time it walks on, up to a listing's page of 1,000 in one read.
 */
const FIRST_WALK_READ = 64;
const MAX_WALK_READ = 1024;

/**
 * Walks a tree record by record, reading only the parts and ranges actually reached, and can tell when it stands at
 * the start of a part or of a range so that a caller may skip it whole.
 */
export class RangeCursor {
  private pi: number;
  /** The current part's rows, once it is entered; then ri is the current row. */
  private rows: readonly RangeInfo[] | undefined;
  private ri = 0;
  private data: RangeData | undefined;
  private pos = 0;
  /** End of the current row's records in its file. */
  private end = 0;
  /** Records to read with the next block the walk needs. */
  private readAhead = FIRST_WALK_READ;

  constructor(
    private readonly store: TreeStore,
    private readonly namespace: string,
    private readonly parts: Tree,
    private from: string,
  ) {
    this.pi = from === '' ? 0 : lowerBound(parts, from, maxKeyOf);
    // A start inside a part or a range cannot skip it, so it is never "at its start".
  }

  /** The part about to be entered, when none of its rows has been looked at yet. */
  atPartStart(): TreePart | undefined {
    if (this.rows) return undefined;
    const p = this.parts[this.pi];
    if (!p || (this.from !== '' && compareKeys(this.from, p.minKey) > 0)) return undefined;
    return p;
  }

  skipPart(): void {
    this.pi++;
    this.rows = undefined;
    this.data = undefined;
  }

  /** Reads the current part's rows, unless they are read already or the walk is over. */
  async enter(): Promise<void> {
    const part = this.parts[this.pi];
    if (this.rows || !part) return;
    const rows = await this.store.readRows(this.namespace, part.id);
    this.ri = this.from === '' ? 0 : lowerBound(rows, this.from, maxKeyOf);
    this.rows = rows;
    if (this.ri >= rows.length) this.skipPart();
  }

  /** The range about to be entered, when the part is entered and no record of the range has been read yet. */
  atRangeStart(): RangeInfo | undefined {
    if (this.data || !this.rows) return undefined;
    const r = this.rows[this.ri];
    if (!r || (this.from !== '' && compareKeys(this.from, r.minKey) > 0)) return undefined;
    return r;
  }

  skipRange(): void {
    this.ri++;
    this.data = undefined;
    if (this.rows && this.ri >= this.rows.length) this.skipPart();
  }

  async peek(): Promise<Slot | undefined> {
    for (;;) {
      if (!this.rows) {
        if (this.pi >= this.parts.length) return undefined;
        await this.enter();
        continue;
      }
      if (!this.data) {
        const row = this.rows[this.ri] as RangeInfo;
        // Opened by its index: a diff that skips the runs a sparse commit kept reads only the blocks near changes.
        const data = await this.store.openRange(this.namespace, row.id);
        await loadRowStart(data, row);
        const { lo, hi } = rowSpan(data, row);
        if (this.from !== '') await data.loadFor(this.from);
        this.data = data;
        this.readAhead = FIRST_WALK_READ;
        this.end = hi;
        this.pos = this.from === '' ? lo : data.search(this.from, lo, hi);
      }
      if (this.pos < this.end) {
        if (!this.data.inMemory(this.pos)) {
          // A walk that goes on through the file reads longer and longer stretches of it.
          await this.data.load(this.pos, Math.min(this.end, this.pos + this.readAhead));
          this.readAhead = Math.min(MAX_WALK_READ, this.readAhead * 2);
        }
        return { key: this.data.key(this.pos), data: this.data, index: this.pos };
      }
      this.skipRange();
    }
  }

  /** The current record's range when the record is in memory: lets a walk skip equal records without awaiting. */
  loaded(): RangeData | undefined {
    return this.data?.inMemory(this.pos) ? this.data : undefined;
  }

  /** The file of the loaded range, when one is loaded. */
  loadedFile(): string | undefined {
    return this.data ? this.rows?.[this.ri]?.id : undefined;
  }

  /** Records left in the loaded row from the current one on. */
  get remaining(): number {
    return this.data ? this.end - this.pos : 0;
  }

  get index(): number {
    return this.pos;
  }

  /** Moves past the record last peeked (or n records, at most `remaining`); leaves the cursor at the next range's start when this one ends. */
  advance(n = 1): void {
    this.pos += n;
    if (this.pos >= this.end) this.skipRange();
    // Once inside the walk, later ranges are entered from their beginning.
    this.from = '';
  }
}

/** Committed records of one metarange, from `from` onwards; only the ranges actually reached are read. */
export class TreeIterator implements RecordIterator {
  private readonly cursor: RangeCursor;

  constructor(store: TreeStore, namespace: string, tree: Tree, from = '') {
    this.cursor = new RangeCursor(store, namespace, tree, from);
  }

  async next(): Promise<Rec | undefined> {
    const slot = await this.cursor.peek();
    if (!slot) return undefined;
    this.cursor.advance();
    return { key: slot.key, value: entryOf(slot) };
  }
}

const FIRST_STAGING_PAGE = 32;
const MAX_STAGING_PAGE = 1000;

/** Staged records of one token (values and tombstones), paged from the kv store. */
export class StagingIterator implements RecordIterator {
  private page: { key: string; value: Uint8Array }[] = [];
  private pos = 0;
  private cursor: { from?: string; after?: string };
  private exhausted = false;
  // Small first: delimited listings reopen iterators at every common prefix and read only a few records each.
  private pageSize = FIRST_STAGING_PAGE;

  constructor(
    private readonly kv: KvStore,
    private readonly prefix: string,
    from = '',
    /** Records the first read asks for; later reads ask for more and more. */
    firstPage = FIRST_STAGING_PAGE,
  ) {
    this.cursor = { from: prefix + from };
    this.pageSize = firstPage;
  }

  async next(): Promise<Rec | undefined> {
    if (this.pos >= this.page.length) {
      if (this.exhausted) return undefined;
      this.page = await this.kv.scan({ prefix: this.prefix, ...this.cursor, limit: this.pageSize });
      this.pos = 0;
      if (this.page.length < this.pageSize) this.exhausted = true;
      this.pageSize = Math.min(this.pageSize * 4, MAX_STAGING_PAGE);
      const last = this.page[this.page.length - 1];
      if (!last) return undefined;
      this.cursor = { after: last.key };
    }
    const item = this.page[this.pos++] as { key: string; value: Uint8Array };
    return { key: item.key.slice(this.prefix.length), value: decodeStaged(item.value) };
  }
}

/** Merges sorted sources; on equal keys the earliest source wins (staging over sealed over committed). */
export class MergedIterator implements RecordIterator {
  private heads: (Rec | undefined)[] | undefined;

  constructor(private readonly sources: RecordIterator[]) {}

  async next(): Promise<Rec | undefined> {
    if (!this.heads) this.heads = await Promise.all(this.sources.map((s) => s.next()));
    const heads = this.heads;
    let best = -1;
    for (let i = 0; i < heads.length; i++) {
      const h = heads[i];
      if (h && (best < 0 || compareKeys(h.key, (heads[best] as Rec).key) < 0)) best = i;
    }
    if (best < 0) return undefined;
    const winner = heads[best] as Rec;
    for (let i = 0; i < heads.length; i++) {
      const h = heads[i];
      if (h && h.key === winner.key) heads[i] = await (this.sources[i] as RecordIterator).next();
    }
    return winner;
  }
}

/**
 * Drops tombstones: what a reader of a branch sees. `keepDeletion`, when given, may keep a tombstone's record to stand
 * for something its caller knows of (a folder holding live objects) rather than step on.
 */
export class LiveIterator implements RecordIterator {
  constructor(
    private source: RecordIterator,
    private readonly keepDeletion?: (key: string) => Promise<boolean>,
    /** Given a deletion stepped over, a source that starts further on, when its caller knows the way is all deletions. */
    private readonly pastDeletion?: (key: string) => Promise<RecordIterator | undefined>,
  ) {}

  async next(): Promise<Rec | undefined> {
    for (;;) {
      const r = await this.source.next();
      if (!r || r.value !== null) return r;
      if (this.keepDeletion && (await this.keepDeletion(r.key))) return r;
      const further = await this.pastDeletion?.(r.key);
      if (further) this.source = further;
    }
  }
}

export class ArrayIterator implements RecordIterator {
  private pos = 0;
  constructor(private readonly recs: readonly Rec[]) {}
  async next(): Promise<Rec | undefined> {
    return this.recs[this.pos++];
  }
}
