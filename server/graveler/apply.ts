import { compareKeys } from '../kv/keys';
import { sameIdentity } from './codec';
import type { RecordIterator, Rec } from './iterators';
import type { RangeData, RangeInfo } from './range-codec';
import { RangeWriter } from './range-writer';
import type { TreeStore } from './tree-store';
import type { ObjectEntry } from './types';

export interface ApplyResult {
  ranges: RangeInfo[];
  /** Changes that actually altered the tree (no-op sets and deletes of absent keys are not counted). */
  changed: number;
}

/**
 * Applies sorted changes (a null value deletes) to a committed tree. A base range is copied by reference when no
 * change falls at or before its last key and no records are pending; only ranges with changes are read and
 * rewritten, so the cost follows the number of changes, not the size of the tree.
 */
export async function applyChanges(
  store: TreeStore,
  namespace: string,
  base: readonly RangeInfo[],
  changes: RecordIterator,
  raggedness: number,
): Promise<ApplyResult> {
  const writer = new RangeWriter(store, namespace, { raggedness });
  let change: Rec | undefined = await changes.next();
  let changed = 0;

  const addChange = async (c: Rec, data?: RangeData, i?: number): Promise<void> => {
    const exists = data !== undefined && i !== undefined;
    if (c.value === null) {
      if (exists) changed++;
      return;
    }
    // Keep the old record when only the address or mtime would differ: the tree's content is unchanged.
    if (exists && sameIdentity(data.entry(i), c.value)) {
      writer.addFrom(c.key, data, i);
      return;
    }
    changed++;
    writer.add(c.key, c.value);
    if (writer.backlogged) await writer.drain();
  };

  for (const range of base) {
    if (!writer.hasPending && (change === undefined || compareKeys(change.key, range.maxKey) > 0)) {
      writer.addRange(range);
      continue;
    }
    const data = await store.readRange(namespace, range.id);
    const { keys } = data;
    let i = 0;
    while (i < keys.length) {
      const key = keys[i] as string;
      if (change !== undefined) {
        const cmp = compareKeys(change.key, key);
        if (cmp < 0) {
          await addChange(change);
          change = await changes.next();
          continue;
        }
        if (cmp === 0) {
          await addChange(change, data, i);
          change = await changes.next();
          i++;
          continue;
        }
      }
      writer.addFrom(key, data, i);
      i++;
    }
    // Bound memory: ranges are produced faster than the disk takes them.
    if (writer.backlogged) await writer.drain();
  }
  while (change !== undefined) {
    await addChange(change);
    change = await changes.next();
  }
  return { ranges: await writer.finish(), changed };
}

/** Writes a tree from records already in ascending key order (bulk loads, imports). */
export async function writeTree(
  store: TreeStore,
  namespace: string,
  records: Iterable<{ path: string; entry: ObjectEntry }> | AsyncIterable<{ path: string; entry: ObjectEntry }>,
  raggedness: number,
): Promise<RangeInfo[]> {
  const writer = new RangeWriter(store, namespace, { raggedness });
  let prev: string | undefined;
  for await (const r of records) {
    if (prev !== undefined && compareKeys(prev, r.path) >= 0) throw new Error('records must be in ascending path order');
    prev = r.path;
    writer.add(r.path, r.entry);
    if (writer.backlogged) await writer.drain();
  }
  return writer.finish();
}
