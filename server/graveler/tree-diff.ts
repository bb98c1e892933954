import { compareKeys } from '../kv/keys';
import { sameIdentity } from './codec';
import { identity, lowerBound, maxKeyOf } from './iterators';
import type { RangeData, RangeInfo } from './range-codec';
import type { TreeStore } from './tree-store';
import type { ObjectEntry } from './types';

/** One differing key between two trees: absent on a side means the key is not there. */
export interface TreeChange {
  key: string;
  left?: ObjectEntry;
  right?: ObjectEntry;
}

export interface TreeChangeIterator {
  next(): Promise<TreeChange | undefined>;
}

/** A record still in its range: decoded only when reported. */
interface Slot {
  key: string;
  data: RangeData;
  index: number;
}

const entryOf = (s: Slot): ObjectEntry => s.data.entry(s.index);

function sameEntry(a: Slot, b: Slot): boolean {
  if (a.data.sameBytes(a.index, b.data, b.index)) return true;
  return sameIdentity(entryOf(a), entryOf(b));
}

/** Walks a tree record by record but can tell when it stands at the start of a range, to skip it whole. */
class RangeCursor {
  private ri: number;
  private data: RangeData | undefined;
  private pos = 0;

  constructor(
    private readonly store: TreeStore,
    private readonly namespace: string,
    private readonly ranges: readonly RangeInfo[],
    private from: string,
  ) {
    this.ri = from === '' ? 0 : lowerBound(ranges, from, maxKeyOf);
    // A start inside a range cannot skip that range, so it is never "at its start".
  }

  /** The range about to be entered, when no record of it has been read yet. */
  atRangeStart(): RangeInfo | undefined {
    if (this.data) return undefined;
    const r = this.ranges[this.ri];
    if (!r || (this.from !== '' && compareKeys(this.from, r.minKey) > 0)) return undefined;
    return r;
  }

  skipRange(): void {
    this.ri++;
    this.data = undefined;
  }

  async peek(): Promise<Slot | undefined> {
    while (this.ri < this.ranges.length) {
      if (!this.data) {
        this.data = await this.store.readRange(this.namespace, (this.ranges[this.ri] as RangeInfo).id);
        this.pos = this.from === '' ? 0 : lowerBound(this.data.keys, this.from, identity);
      }
      if (this.pos < this.data.keys.length) {
        return { key: this.data.keys[this.pos] as string, data: this.data, index: this.pos };
      }
      this.skipRange();
    }
    return undefined;
  }

  /** The current record's position when its range is already loaded: lets the walk skip equal records without
   * awaiting. */
  loaded(): RangeData | undefined {
    return this.data;
  }

  get index(): number {
    return this.pos;
  }

  /** Moves past the record last peeked; leaves the cursor at the next range's start when this one ends. */
  advance(): void {
    const data = this.data as RangeData;
    this.pos++;
    if (this.pos >= data.keys.length) this.skipRange();
    // Once inside the walk, later ranges are entered from their beginning.
    this.from = '';
  }
}

/**
 * The changes from one tree to another, in key order, from `from` onwards. Ranges with the same id on both sides
 * at the same position are skipped without being read, so the cost follows the size of the difference.
 */
export function diffTrees(
  store: TreeStore,
  namespace: string,
  left: readonly RangeInfo[],
  right: readonly RangeInfo[],
  from = '',
): TreeChangeIterator {
  const l = new RangeCursor(store, namespace, left, from);
  const r = new RangeCursor(store, namespace, right, from);
  return {
    async next() {
      for (;;) {
        const lr = l.atRangeStart();
        const rr = r.atRangeStart();
        if (lr && rr && lr.id === rr.id) {
          l.skipRange();
          r.skipRange();
          continue;
        }
        // Equal records inside two loaded ranges are the common case of overlapping ranges: skip them in a tight loop.
        let moved = false;
        for (let ld = l.loaded(), rd = r.loaded(); ld && rd; ld = l.loaded(), rd = r.loaded()) {
          const i = l.index;
          const j = r.index;
          if (ld.keys[i] !== rd.keys[j] || !ld.sameBytes(i, rd, j)) break;
          l.advance();
          r.advance();
          moved = true;
        }
        // Both may now stand at the start of equal ranges again.
        if (moved) continue;
        const a = await l.peek();
        const b = await r.peek();
        if (!a) {
          if (!b) return undefined;
          r.advance();
          return { key: b.key, right: entryOf(b) };
        }
        if (!b) {
          l.advance();
          return { key: a.key, left: entryOf(a) };
        }
        const cmp = compareKeys(a.key, b.key);
        if (cmp < 0) {
          l.advance();
          return { key: a.key, left: entryOf(a) };
        }
        if (cmp > 0) {
          r.advance();
          return { key: b.key, right: entryOf(b) };
        }
        l.advance();
        r.advance();
        if (sameEntry(a, b)) continue;
        return { key: a.key, left: entryOf(a), right: entryOf(b) };
      }
    },
  };
}
