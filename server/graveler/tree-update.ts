import { FreshRanges, sliceRow } from './fresh-ranges';
import { loadRowStart, rowSpan } from './iterators';
import type { RangeData, RangeInfo } from './range-codec';
import { RangeWriter } from './range-writer';
import type { TreeItem, TreePart } from './tree-parts';
import type { TreeStore } from './tree-store';
import type { ObjectEntry } from './types';

/** Segments of at most this many records are always rewritten whole: cheap, and it keeps small trees canonical. */
const SMALL_SEGMENT = 256;
/**
 * A touched segment is rewritten whole rather than kept as more rows than this, or than one per ROW_RECORDS of its
 * records: segment sizes vary widely, and a large segment takes proportionally more changes before it is worth
 * rewriting. The rewrite then costs about ROW_RECORDS copied records per row it removes.
 */
const MAX_SEGMENT_ROWS = 8;
const ROW_RECORDS = 256;
/** Runs of an existing file shorter than this are copied beside the changes rather than kept as rows of their own. */
const MIN_KEPT_RUN = 32;

/**
 * Part of a segment: a whole base row (its data unread unless a change was looked up in it), records lo..hi of a
 * base row's file, or a changed record.
 */
type Piece =
  | { row: RangeInfo; data: RangeData | undefined; whole: true }
  | { row: RangeInfo; data: RangeData; lo: number; hi: number; last: string; whole: false }
  | { key: string; entry: ObjectEntry };

type Run = Exclude<Piece, { key: string }>;

const isRun = (p: Piece): p is Run => 'row' in p;
const pieceCount = (p: Piece): number => (!isRun(p) ? 1 : p.whole ? p.row.count : p.hi - p.lo);

/**
 * Builds a tree from its base rows and changes, segment by segment. A segment is what a canonical write makes one
 * range: the records up to a boundary key. An untouched segment keeps its rows. A touched segment is either
 * rewritten whole at its canonical boundaries (when it is small, or would fall into too many rows) or kept as rows
 * naming the untouched runs of its old files, with the changed records (and short leftover runs) in a fresh file
 * shared by the whole commit. So a commit of changes spread thin over a large tree rewrites about one record per
 * change instead of a whole range per change; a segment touched again and again is made canonical once its rows
 * pile up, which bounds the metarange and the fragmentation readers see.
 */
export class TreeUpdate {
  private readonly writer: RangeWriter;
  private readonly fresh: FreshRanges;
  private pieces: Piece[] = [];
  private count = 0;
  private touched = false;

  constructor(
    private readonly store: TreeStore,
    private readonly namespace: string,
    private readonly raggedness: number,
  ) {
    this.writer = new RangeWriter(store, namespace, { raggedness });
    this.fresh = new FreshRanges(store, namespace);
  }

  /**
   * Keeps an untouched row that is a segment of its own, as most rows of a large tree are, without awaiting
   * anything; false when the row needs `addRow`.
   */
  keptAlone(row: RangeInfo): boolean {
    if (this.pieces.length > 0 || this.writer.hasPending || !RangeWriter.isBoundary(row.maxKey, this.raggedness)) return false;
    this.writer.addRange(row);
    return true;
  }

  /**
   * Keeps a part of the base tree none of whose records changed, unread, unless a touched segment runs on into it;
   * false when its rows must go through `addRow`.
   */
  async keptPart(part: TreePart): Promise<boolean> {
    // Untouched rows of an open segment are kept as they are however far it runs on, so it may close here.
    if (!this.touched && this.pieces.length > 0) await this.closeSegment();
    if (this.pieces.length > 0 || this.writer.hasPending) return false;
    this.writer.addPart(part);
    return true;
  }

  /** A base row none of whose records changed. */
  async addRow(row: RangeInfo, data?: RangeData): Promise<void> {
    // Untouched rows gain nothing from waiting for a touch; without boundaries at their ends (a tree written with
    // another raggedness) they could otherwise pile up into one huge segment.
    if (!this.touched && this.pieces.length >= MAX_SEGMENT_ROWS) await this.closeSegment();
    await this.push({ row, data, whole: true }, row.maxKey);
  }

  /**
   * Records lo..hi of a base row's file, part of a row that changed elsewhere; `last` is key hi - 1 when the caller
   * knows it (the row's maxKey for its last run), which spares reading its block.
   */
  async addRun(row: RangeInfo, data: RangeData, lo: number, hi: number, last?: string): Promise<void> {
    if (hi <= lo) return;
    if (hi - lo === row.count) return this.addRow(row, data);
    this.touched = true;
    const lastKey = last ?? (await data.loadKey(hi - 1));
    await this.push({ row, data, lo, hi, last: lastKey, whole: false }, lastKey);
  }

  async addRecord(key: string, entry: ObjectEntry): Promise<void> {
    this.touched = true;
    await this.push({ key, entry }, key);
  }

  private async push(piece: Piece, lastKey: string): Promise<void> {
    this.pieces.push(piece);
    this.count += pieceCount(piece);
    if (RangeWriter.isBoundary(lastKey, this.raggedness)) await this.closeSegment();
  }

  private async closeSegment(): Promise<void> {
    const { pieces, count, touched } = this;
    this.pieces = [];
    this.count = 0;
    this.touched = false;
    if (!touched) {
      for (const p of pieces) await this.keep(p as Run);
      return;
    }
    const groups = groupRows(pieces);
    // With no old run kept, every record is written anew either way: write it canonically.
    const keepsRuns = groups.some((g) => !Array.isArray(g));
    if (!keepsRuns || count <= SMALL_SEGMENT || groups.length > Math.max(MAX_SEGMENT_ROWS, count / ROW_RECORDS)) {
      for (const p of pieces) await this.rewrite(p, this.writer);
      return;
    }
    for (const g of groups) {
      if (!Array.isArray(g)) {
        await this.keep(g);
      } else if (this.writer.hasPending) {
        for (const p of g) await this.rewrite(p, this.writer);
      } else {
        for (const p of g) await this.rewrite(p, this.fresh);
        this.writer.addRange(this.fresh.row());
      }
    }
  }

  /** Keeps a run as a row of its own, by reference (only copied when the writer is in the middle of a range). */
  private async keep(run: Run): Promise<void> {
    if (this.writer.hasPending) return this.rewrite(run, this.writer);
    if (run.whole) return this.writer.addRange(run.row);
    this.writer.addRange(sliceRow(run.row, run.hi - run.lo, await run.data.loadKey(run.lo), run.last));
  }

  private async rewrite(p: Piece, to: RangeWriter | FreshRanges): Promise<void> {
    if (!isRun(p)) {
      to.add(p.key, p.entry);
    } else {
      const data = p.data ?? (await this.store.readRange(this.namespace, p.row.id));
      if (p.whole) await loadRowStart(data, p.row);
      const { lo, hi } = p.whole ? rowSpan(data, p.row) : p;
      await data.load(lo, hi);
      for (let i = lo; i < hi; i++) to.addFrom(data.key(i), data, i);
    }
    // Bound memory: ranges are produced faster than the disk takes them.
    if (this.writer.backlogged) await this.writer.drain();
  }

  /** Every row and kept part of the new tree, in key order. */
  async finish(): Promise<TreeItem[]> {
    await this.closeSegment();
    this.fresh.finish();
    return this.writer.finish();
  }
}

/** A touched segment as rows: long runs kept on their own, everything between them gathered into one fresh row. */
function groupRows(pieces: readonly Piece[]): (Run | Piece[])[] {
  const groups: (Run | Piece[])[] = [];
  for (const p of pieces) {
    if (isRun(p) && pieceCount(p) >= MIN_KEPT_RUN) {
      groups.push(p);
      continue;
    }
    const last = groups[groups.length - 1];
    if (Array.isArray(last)) last.push(p);
    else groups.push([p]);
  }
  return groups;
}
