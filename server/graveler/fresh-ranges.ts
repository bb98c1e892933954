import { EntryArena, type RangeData, type RangeInfo } from './range-codec';
import type { TreeStore } from './tree-store';
import type { ObjectEntry } from './types';

/** A fresh file is closed once its records reach this many bytes, like any range. */
const MAX_FRESH_BYTES = 8 * 1024 * 1024;

/**
 * `count` records of a file, from minKey to maxKey, as a metarange row; the size is the file's, shared out by
 * count.
 */
export function sliceRow(file: RangeInfo, count: number, minKey: string, maxKey: string): RangeInfo {
  if (count === file.count) return file;
  return { id: file.id, minKey, maxKey, count, size: Math.round((file.size * count) / file.count) };
}

/** One file of fresh records; its id is known only once it is written. */
class FreshFile {
  readonly arena = new EntryArena();
  private settle: (written: Promise<RangeInfo>) => void = () => undefined;
  readonly written = new Promise<RangeInfo>((resolve) => {
    this.settle = resolve;
  });

  write(store: TreeStore, namespace: string): void {
    this.settle(store.writeRange(namespace, this.arena));
  }
}

/**
 * The records a sparse commit changes, gathered in key order into as few files as possible: one file takes the
 * changes of many segments, and each segment's metarange row names its own run of that file. A commit of changes
 * spread over a large tree so writes one small file instead of one large range per change.
 */
export class FreshRanges {
  private file = new FreshFile();
  private start = 0;

  constructor(
    private readonly store: TreeStore,
    private readonly namespace: string,
  ) {}

  add(key: string, entry: ObjectEntry): void {
    this.file.arena.add(key, entry);
  }

  addFrom(key: string, data: RangeData, i: number): void {
    this.file.arena.addFrom(key, data, i);
  }

  /** The row over the records added since the last row (there must be some), settled when the file is written. */
  row(): Promise<RangeInfo> {
    const { file, start } = this;
    const end = file.arena.length;
    this.start = end;
    const { keys } = file.arena;
    const row = file.written.then((info) => sliceRow(info, end - start, keys[start] as string, keys[end - 1] as string));
    // Awaited with every other row at the end; a failed write must not count as unhandled before that.
    row.catch(() => undefined);
    if (file.arena.writer.length >= MAX_FRESH_BYTES) this.close();
    return row;
  }

  private close(): void {
    this.file.write(this.store, this.namespace);
    this.file = new FreshFile();
    this.start = 0;
  }

  /** Writes the last file; every row handed out then settles. */
  finish(): void {
    if (this.file.arena.length > 0) this.close();
  }
}
