import { compareKeys } from '../kv/keys';
import { sameIdentity } from './codec';
import { entryOf, RangeCursor, sameRow, type Slot } from './iterators';
import type { Tree } from './tree-parts';
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

function sameEntry(a: Slot, b: Slot): boolean {
  if (a.data.sameBytes(a.index, b.data, b.index)) return true;
  return sameIdentity(entryOf(a), entryOf(b));
}

/**
 * The changes from one tree to another, in key order, from `from` onwards. Equal parts, and rows naming the same
 * records, on both sides at the same position are skipped without being read, so the cost follows the size of the
 * difference.
 */
export function diffTrees(
  store: TreeStore,
  namespace: string,
  left: Tree,
  right: Tree,
  from = '',
): TreeChangeIterator {
  const l = new RangeCursor(store, namespace, left, from);
  const r = new RangeCursor(store, namespace, right, from);
  return {
    async next() {
      for (;;) {
        const lp = l.atPartStart();
        const rp = r.atPartStart();
        if (lp && rp && lp.id === rp.id) {
          l.skipPart();
          r.skipPart();
          continue;
        }
        // A part that differs is entered, so that its rows can still be skipped one by one.
        if (lp) await l.enter();
        if (rp) await r.enter();
        const lr = l.atRangeStart();
        const rr = r.atRangeStart();
        if (lr && rr && sameRow(lr, rr)) {
          l.skipRange();
          r.skipRange();
          continue;
        }
        // Two rows over the same file stand at the same record: a sparse commit kept a run of the file on one side.
        // Their records are the same until one row ends, so skip them without looking at keys.
        let moved = false;
        const file = l.loadedFile();
        if (file !== undefined && file === r.loadedFile() && l.index === r.index) {
          const n = Math.min(l.remaining, r.remaining);
          l.advance(n);
          r.advance(n);
          continue;
        }
        // Equal records inside two loaded ranges are the common case of overlapping ranges: skip them in a tight loop.
        for (let ld = l.loaded(), rd = r.loaded(); ld && rd; ld = l.loaded(), rd = r.loaded()) {
          const i = l.index;
          const j = r.index;
          if (ld.key(i) !== rd.key(j) || !ld.sameBytes(i, rd, j)) break;
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
