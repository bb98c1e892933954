import { compareKeys } from '../kv/keys';
import { sameIdentity } from './codec';
import { loadRowStart, lowerBound, maxKeyOf, rowSpan, type RecordIterator, type Rec } from './iterators';
import { RangeWriter } from './range-writer';
import type { Tree, TreeItem } from './tree-parts';
import type { TreeStore } from './tree-store';
import { TreeUpdate } from './tree-update';
import type { ObjectEntry } from './types';

export interface ApplyResult {
  /** The new tree's rows and the base's parts it keeps whole, for `TreeStore.writeMetaRange`. */
  tree: TreeItem[];
  /** Changes that actually altered the tree (no-op sets and deletes of absent keys are not counted). */
  changed: number;
}

/**
 * Applies sorted changes (a null value deletes) to a committed tree. A base part no change reaches is kept by
 * reference without being read, and so is a row; in a row that changes, each change is found by binary search and
 * the records between changes stay where they are as runs of the old file (see TreeUpdate for how a touched
 * segment is written). So the cost follows the number of changes and of the parts and rows they touch, not the
 * size of the tree.
 */
export async function applyChanges(
  store: TreeStore,
  namespace: string,
  base: Tree,
  source: RecordIterator,
  raggedness: number,
): Promise<ApplyResult> {
  const update = new TreeUpdate(store, namespace, raggedness);
  const changes = new ReadAhead(source);
  let change: Rec | undefined = await changes.next();
  let changed = 0;

  /** A change to a key the tree does not hold: deleting it changes nothing. */
  const insert = async (c: Rec): Promise<void> => {
    if (c.value === null) return;
    changed++;
    await update.addRecord(c.key, c.value);
  };

  const lastPart = base[base.length - 1];
  for (const part of base) {
    while (change !== undefined && compareKeys(change.key, part.minKey) < 0) {
      await insert(change);
      change = await changes.next();
    }
    const reached = change !== undefined && compareKeys(change.key, part.maxKey) <= 0;
    // The tree's last segment is open unless its last key is a boundary: records added after it continue it.
    const continued = change !== undefined && part === lastPart && !RangeWriter.isBoundary(part.maxKey, raggedness);
    if (!reached && !continued && (await update.keptPart(part))) continue;
    const ahead = change === undefined ? [] : [change, ...(await changes.fill())];
    prefetch(base, ahead, (p) => store.readRows(namespace, p.id));
    const rows = await store.readRows(namespace, part.id);
    prefetch(rows, ahead, async (row, c) => {
      const data = await store.openRange(namespace, row.id);
      await Promise.all([loadRowStart(data, row), data.loadFor(c.key)]);
    });
    for (const row of rows) {
      while (change !== undefined && compareKeys(change.key, row.minKey) < 0) {
        await insert(change);
        change = await changes.next();
      }
      if (change === undefined || compareKeys(change.key, row.maxKey) > 0) {
        if (!update.keptAlone(row)) await update.addRow(row);
        continue;
      }
      // Only the blocks the changes reach are read: the file's index says where they are.
      const data = await store.openRange(namespace, row.id);
      await loadRowStart(data, row);
      const { lo, hi } = rowSpan(data, row);
      // Records runStart..at are untouched so far; `at` moves from change to change.
      let runStart = lo;
      let at = lo;
      while (change !== undefined && compareKeys(change.key, row.maxKey) <= 0) {
        await data.loadFor(change.key);
        at = data.search(change.key, at, hi);
        const value = change.value;
        if (at === hi || data.key(at) !== change.key) {
          if (value !== null) {
            await update.addRun(row, data, runStart, at);
            runStart = at;
            await insert(change);
          }
        } else if (value === null || !sameIdentity(data.entry(at), value)) {
          // Keep the old record when only the address or mtime would differ: the tree's content is unchanged.
          await update.addRun(row, data, runStart, at);
          runStart = at + 1;
          changed++;
          if (value !== null) await update.addRecord(change.key, value);
        }
        change = await changes.next();
      }
      await update.addRun(row, data, runStart, hi, row.maxKey);
    }
  }
  while (change !== undefined) {
    await insert(change);
    change = await changes.next();
  }
  return { tree: await update.finish(), changed };
}

/** Changes read ahead of the walk: this many at most. */
const READ_AHEAD = 128;

/**
 * Hands out the changes of a source, and can read some of them ahead, so that the files they will reach are read in
 * parallel rather than one after another as the walk comes to them: a commit of changes spread over a large tree
 * otherwise waits on one cold range file after another.
 */
class ReadAhead implements RecordIterator {
  private ahead: Rec[] = [];
  private at = 0;
  private ended = false;

  constructor(private readonly source: RecordIterator) {}

  async next(): Promise<Rec | undefined> {
    if (this.at < this.ahead.length) return this.ahead[this.at++];
    return this.ended ? undefined : this.source.next();
  }

  /** The changes after the last one handed out, up to READ_AHEAD of them. */
  async fill(): Promise<readonly Rec[]> {
    this.ahead = this.ahead.slice(this.at);
    this.at = 0;
    while (!this.ended && this.ahead.length < READ_AHEAD) {
      const c = await this.source.next();
      if (c) this.ahead.push(c);
      else this.ended = true;
    }
    return this.ahead;
  }
}

/**
 * Starts reading what changes reach: the rows of a tree's parts, or the blocks of a part's range files. A failure is
 * left to the read that awaits the file; reads of what is already in memory or under way are shared.
 */
function prefetch<T extends { minKey: string; maxKey: string }>(items: readonly T[], changes: readonly Rec[], read: (item: T, change: Rec) => Promise<unknown>): void {
  for (const c of changes) {
    const item = items[lowerBound(items, c.key, maxKeyOf)];
    if (!item || compareKeys(c.key, item.minKey) < 0) continue;
    read(item, c).catch(() => undefined);
  }
}

/** Writes a tree from records already in ascending key order (bulk loads, imports). */
export async function writeTree(
  store: TreeStore,
  namespace: string,
  records: Iterable<{ path: string; entry: ObjectEntry }> | AsyncIterable<{ path: string; entry: ObjectEntry }>,
  raggedness: number,
): Promise<TreeItem[]> {
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
