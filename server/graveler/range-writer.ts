import { keyHash } from './key-hash';
import { EntryArena, type RangeData, type RangeInfo } from './range-codec';
import type { TreeItem, TreePart } from './tree-parts';
import type { TreeStore } from './tree-store';
import type { ObjectEntry } from './types';

export interface RangeWriterOptions {
  /** Average entries per range: a key closes a range when its hash is 0 modulo this. */
  raggedness: number;
  /** A range is closed regardless of keys once its estimated encoding reaches this many bytes. */
  maxRangeBytes?: number;
}

const DEFAULT_MAX_RANGE_BYTES = 8 * 1024 * 1024;
const MAX_IN_FLIGHT = 8;

/**
 * Cuts a sorted stream of records into ranges at content-defined boundaries: a range ends after any key whose hash
 * hits the modulus. Boundaries depend on keys alone, so an edit rewrites only the ranges around it and every other
 * range keeps its id. Untouched ranges can be passed through by reference when no records are pending.
 */
export class RangeWriter {
  private arena = new EntryArena();
  private keyBytes = 0;
  private readonly out: (TreeItem | Promise<RangeInfo>)[] = [];
  private readonly inFlight = new Set<Promise<RangeInfo>>();
  private readonly maxBytes: number;

  constructor(
    private readonly store: TreeStore,
    private readonly namespace: string,
    private readonly options: RangeWriterOptions,
  ) {
    this.maxBytes = options.maxRangeBytes ?? DEFAULT_MAX_RANGE_BYTES;
  }

  static isBoundary(key: string, raggedness: number): boolean {
    return keyHash(key) % raggedness === 0;
  }

  get hasPending(): boolean {
    return this.arena.length > 0;
  }

  /** Appends a record; keys must arrive in ascending byte order. Synchronous: check `backlogged` now and then. */
  add(key: string, entry: ObjectEntry): void {
    this.arena.add(key, entry);
    this.added(key);
  }

  /** Appends record i of another range, copying its encoded entry. */
  addFrom(key: string, data: RangeData, i: number): void {
    this.arena.addFrom(key, data, i);
    this.added(key);
  }

  private added(key: string): void {
    this.keyBytes += key.length;
    if (this.keyBytes + this.arena.writer.length >= this.maxBytes || RangeWriter.isBoundary(key, this.options.raggedness)) {
      this.flush();
    }
  }

  /** Too many range files are being written: the producer should `await drain()` before adding more. */
  get backlogged(): boolean {
    return this.inFlight.size >= MAX_IN_FLIGHT;
  }

  async drain(): Promise<void> {
    while (this.inFlight.size >= MAX_IN_FLIGHT) await Promise.race(this.inFlight);
  }

  /** Reuses an existing range (or a run of one) as-is; only valid between ranges (no pending records). */
  addRange(range: RangeInfo | Promise<RangeInfo>): void {
    if (this.hasPending) throw new Error('cannot reuse a range while records are pending');
    this.out.push(range);
  }

  /** Keeps a whole part of the tree being changed, by reference; only valid between ranges. */
  addPart(part: TreePart): void {
    if (this.hasPending) throw new Error('cannot reuse a part while records are pending');
    this.out.push({ part });
  }

  private flush(): void {
    if (this.arena.length === 0) return;
    const p = this.store.writeRange(this.namespace, this.arena);
    this.arena = new EntryArena();
    this.keyBytes = 0;
    this.out.push(p);
    this.inFlight.add(p);
    const done = (): void => {
      this.inFlight.delete(p);
    };
    p.then(done, done);
  }

  /** Closes the last range and returns every range and kept part in key order. */
  async finish(): Promise<TreeItem[]> {
    this.flush();
    return Promise.all(this.out);
  }
}
