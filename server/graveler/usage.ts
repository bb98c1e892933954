import { LRUCache } from 'lru-cache';
import { compareKeys, prefixEnd } from '../kv/keys';
import type { Ctx } from './context';
import { lowerBound, maxKeyOf, rowSpan } from './iterators';
import type { RangeData, RangeInfo } from './range-codec';
import type { BranchRecord } from './records';
import { isEffectiveChange, stagedChanges } from './staging';
import { lookupInTree } from './tree-lookup';
import type { TreePart } from './tree-parts';
import type { Usage, UsageChild, UsageCount, UsageOptions } from './types';

/**
 * Objects and bytes under each child of a prefix (usage.ts): counted from the committed tree's parts and rows where
 * one lies wholly inside one child, from the records only where a row straddles children, then corrected by the
 * branch's staged changes.
 *
 * A row names its records' count but not their object bytes (its `size` is the range file's), so the bytes of a run
 * of a range come from the file's running sums of sizes (built once per decoded file) and are then kept by the run's
 * identity, as are a part's: files never change, so a later call counts a whole part or row from memory without the
 * range file, and a straddling row costs a binary search per child in it, not a step per record.
 */

/** Range files read ahead of the walk: a cold count is mostly waiting for files. */
const READ_AHEAD = 8;
/** Byte totals of rows and parts kept: a few bytes each, some 500 rows per million objects. */
const TOTALS_KEPT = 200_000;

/** Running sums of a decoded range file's object sizes: sums[i] is the bytes of records 0..i-1. */
const runningSums = new WeakMap<RangeData, Float64Array>();

function sumsOf(data: RangeData): Float64Array {
  let sums = runningSums.get(data);
  if (!sums) {
    sums = new Float64Array(data.length + 1);
    for (let i = 0; i < data.length; i++) sums[i + 1] = (sums[i] as number) + data.size(i);
    runningSums.set(data, sums);
  }
  return sums;
}

/** Object bytes of rows and parts by their identity: derived from immutable files, so eviction is the only invalidation. */
export class UsageTotals {
  private readonly bytes = new LRUCache<string, number>({ max: TOTALS_KEPT });

  get(key: string): number | undefined {
    return this.bytes.get(key);
  }

  set(key: string, value: number): void {
    this.bytes.set(key, value);
  }

  clear(): void {
    this.bytes.clear();
  }
}

const rowKey = (ns: string, row: RangeInfo) => `${ns}\0r\0${row.id}\0${row.count}\0${row.minKey}`;
const partKey = (ns: string, part: TreePart) => `${ns}\0p\0${part.id}`;

/** What a count adds up: children by path, whatever their kind. */
class Tally {
  readonly children = new Map<string, UsageChild>();

  add(path: string, type: UsageChild['type'], objects: number, bytes: number): void {
    const child = this.children.get(path);
    if (child) {
      child.objects += objects;
      child.bytes += bytes;
    } else this.children.set(path, { path, type, objects, bytes });
  }
}

/** How keys under a prefix fall into children: a common prefix one level down, or an object directly there. */
class Level {
  readonly upper: string | undefined;

  constructor(
    readonly prefix: string,
    readonly delimiter: string,
  ) {
    this.upper = prefix === '' ? undefined : prefixEnd(prefix);
  }

  /** The common prefix `key` is in, or undefined for an object directly at the level. */
  folderOf(key: string): string | undefined {
    // Without a delimiter nothing is grouped but the level itself.
    if (this.delimiter === '') return this.prefix;
    const at = key.indexOf(this.delimiter, this.prefix.length);
    return at < 0 ? undefined : key.slice(0, at + this.delimiter.length);
  }

  /** The common prefix holding every key from minKey to maxKey, when one does (keys between share it too). */
  folderHolding(minKey: string, maxKey: string): string | undefined {
    if (!minKey.startsWith(this.prefix)) return undefined;
    const folder = this.folderOf(minKey);
    return folder !== undefined && maxKey.startsWith(folder) ? folder : undefined;
  }

  below(key: string): boolean {
    return this.upper === undefined || compareKeys(key, this.upper) < 0;
  }
}

/** Counts a committed tree's records under a level. */
class TreeCount {
  constructor(
    private readonly ctx: Ctx,
    private readonly totals: UsageTotals,
    private readonly ns: string,
    private readonly level: Level,
    private readonly tally: Tally,
  ) {}

  async count(metaRangeId: string): Promise<void> {
    const { level } = this;
    const parts = await this.ctx.trees.readTree(this.ns, metaRangeId);
    for (let p = lowerBound(parts, level.prefix, maxKeyOf); p < parts.length; p++) {
      const part = parts[p] as TreePart;
      if (!level.below(part.minKey)) break;
      const folder = level.folderHolding(part.minKey, part.maxKey);
      if (folder !== undefined) this.tally.add(folder, 'common_prefix', part.count, await this.partBytes(part));
      else await this.countRows(await this.ctx.trees.readRows(this.ns, part.id));
    }
  }

  private async countRows(rows: RangeInfo[]): Promise<void> {
    const { level } = this;
    const first = lowerBound(rows, level.prefix, maxKeyOf);
    let end = first;
    while (end < rows.length && level.below((rows[end] as RangeInfo).minKey)) end++;
    const ahead = this.readAhead(rows.slice(first, end).filter((row) => level.folderHolding(row.minKey, row.maxKey) === undefined || this.totals.get(rowKey(this.ns, row)) === undefined));
    for (let r = first; r < end; r++) {
      const row = rows[r] as RangeInfo;
      ahead.next();
      const folder = level.folderHolding(row.minKey, row.maxKey);
      if (folder !== undefined) this.tally.add(folder, 'common_prefix', row.count, await this.rowBytes(row));
      else await this.countRecords(row);
    }
  }

  /** Starts reading the files of `rows` a few ahead of the walk; each step of the walk moves the window on by one. */
  private *readAhead(rows: RangeInfo[]): Generator<void> {
    let started = 0;
    for (;;) {
      while (started < rows.length && started < READ_AHEAD) this.prefetch(rows[started++] as RangeInfo);
      yield;
      if (started < rows.length) this.prefetch(rows[started++] as RangeInfo);
    }
  }

  private prefetch(row: RangeInfo): void {
    // The walk reads the file again, sharing this read or its cached result; a failure is reported there.
    this.ctx.trees.readRange(this.ns, row.id).catch(() => undefined);
  }

  private async rowBytes(row: RangeInfo): Promise<number> {
    const key = rowKey(this.ns, row);
    const known = this.totals.get(key);
    if (known !== undefined) return known;
    const data = await this.ctx.trees.readRange(this.ns, row.id);
    const { lo, hi } = rowSpan(data, row);
    const sums = sumsOf(data);
    const bytes = (sums[hi] as number) - (sums[lo] as number);
    this.totals.set(key, bytes);
    return bytes;
  }

  private async partBytes(part: TreePart): Promise<number> {
    const key = partKey(this.ns, part);
    const known = this.totals.get(key);
    if (known !== undefined) return known;
    const rows = await this.ctx.trees.readRows(this.ns, part.id);
    const ahead = this.readAhead(rows.filter((row) => this.totals.get(rowKey(this.ns, row)) === undefined));
    let bytes = 0;
    for (const row of rows) {
      ahead.next();
      bytes += await this.rowBytes(row);
    }
    this.totals.set(key, bytes);
    return bytes;
  }

  /** A row straddling children: one binary search per common prefix in it, one step per object directly at the level. */
  private async countRecords(row: RangeInfo): Promise<void> {
    const { level, tally } = this;
    const data = await this.ctx.trees.readRange(this.ns, row.id);
    const span = rowSpan(data, row);
    const sums = sumsOf(data);
    const end = level.upper === undefined ? span.hi : data.search(level.upper, span.lo, span.hi);
    let i = data.search(level.prefix, span.lo, span.hi);
    while (i < end) {
      const key = data.key(i);
      const folder = level.folderOf(key);
      if (folder === undefined) {
        tally.add(key, 'object', 1, (sums[i + 1] as number) - (sums[i] as number));
        i++;
        continue;
      }
      const past = prefixEnd(folder);
      const j = past === undefined ? end : data.search(past, i, end);
      tally.add(folder, 'common_prefix', j - i, (sums[j] as number) - (sums[i] as number));
      i = j;
    }
  }
}

/** Counts the branch's staged changes under the level against its head, and applies them to the tally. */
async function countStaged(ctx: Ctx, repo: string, ns: string, branch: BranchRecord, headMetaRangeId: string, level: Level, tally: Tally): Promise<Usage['staged']> {
  const staged = { added: 0, changed: 0, removed: 0, objects: 0, bytes: 0, bytesWritten: 0 };
  const changes = stagedChanges(ctx, repo, branch, level.prefix);
  for (let rec = await changes.next(); rec && rec.key.startsWith(level.prefix); rec = await changes.next()) {
    const committed = await lookupInTree(ctx, ns, headMetaRangeId, rec.key);
    if (!isEffectiveChange(rec.value, committed)) continue;
    let objects = 0;
    let bytes = 0;
    if (rec.value === null) {
      staged.removed++;
      objects = -1;
      bytes = -(committed as NonNullable<typeof committed>).size;
    } else {
      staged.bytesWritten += rec.value.size;
      if (committed === undefined) {
        staged.added++;
        objects = 1;
        bytes = rec.value.size;
      } else {
        staged.changed++;
        bytes = rec.value.size - committed.size;
      }
    }
    staged.objects += objects;
    staged.bytes += bytes;
    const folder = level.folderOf(rec.key);
    tally.add(folder ?? rec.key, folder === undefined ? 'object' : 'common_prefix', objects, bytes);
  }
  return staged;
}

export interface UsageScope {
  ns: string;
  metaRangeId: string;
  /** The branch whose staged changes count, with its record as read. */
  branch?: { repo: string; record: BranchRecord };
}

export async function countUsage(ctx: Ctx, totals: UsageTotals, scope: UsageScope, o: Required<UsageOptions>): Promise<Usage> {
  const level = new Level(o.prefix, o.delimiter);
  const tally = new Tally();
  await new TreeCount(ctx, totals, scope.ns, level, tally).count(scope.metaRangeId);
  const staged = scope.branch ? await countStaged(ctx, scope.branch.repo, scope.ns, scope.branch.record, scope.metaRangeId, level, tally) : undefined;
  // A folder whose objects are all deleted is gone, as a listing shows it.
  const live = [...tally.children.values()].filter((c) => c.objects > 0);
  const sum = (cs: UsageChild[]): UsageCount => ({ objects: cs.reduce((n, c) => n + c.objects, 0), bytes: cs.reduce((n, c) => n + c.bytes, 0) });
  live.sort((a, b) => b.bytes - a.bytes || b.objects - a.objects || compareKeys(a.path, b.path));
  // Without a delimiter the level is one group: only its totals mean anything.
  const grouped = o.delimiter === '' ? [] : live;
  const shown = grouped.slice(0, o.amount);
  const rest = grouped.slice(o.amount);
  return {
    prefix: o.prefix,
    delimiter: o.delimiter,
    totals: sum(live),
    children: shown,
    others: { children: rest.length, ...sum(rest) },
    ...(staged ? { staged } : {}),
  };
}
