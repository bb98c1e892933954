// Deletions told from counts rather than by walking them. A branch whose folder of 100,000 committed objects has
// 99,990 staged deletions would otherwise be stepped through, deletion by deletion, before a listing of its parent
// could show the folder, or a listing of the folder itself its first live object.
import { exactly, type ValueBounds } from '../kv/index';
import { compareKeys, prefixEnd } from '../kv/keys';
import type { Ctx } from './context';
import { encodeTombstone } from './codec';
import { identity, lowerBound, maxKeyOf, rowSpan } from './iterators';
import type { RangeInfo } from './range-codec';
import { keys, type BranchRecord } from './records';
import type { Tree } from './tree-parts';

/** Every staged deletion, whichever head it names (codec.ts): the values whose first byte is 0. */
const ANY_TOMBSTONE: ValueBounds = { from: Buffer.of(0), to: Buffer.of(1) };

/** Whether every key of [minKey, maxKey] starts with the prefix whose keys end before `end`. */
function inside(span: { minKey: string; maxKey: string }, prefix: string, end: string | undefined): boolean {
  return compareKeys(span.minKey, prefix) >= 0 && (end === undefined || compareKeys(span.maxKey, end) < 0);
}

function apart(span: { minKey: string; maxKey: string }, prefix: string, end: string | undefined): boolean {
  return compareKeys(span.maxKey, prefix) < 0 || (end !== undefined && compareKeys(span.minKey, end) >= 0);
}

/** A run of committed keys: all of them lie in [from, to), and no other committed key does. */
interface Run {
  from: string;
  to: string;
  count: number;
}

/** The smallest key after `key` in byte order. */
const after = (key: string) => `${key}\u0000`;

/**
 * Keys at either end of an edge row's run that are counted apart: the survivors of a mostly deleted folder usually
 * sit at one of its ends, and a few keys then tell that the folder is live.
 */
const EDGE_KEYS = 32;

/** keys[first..last) as runs, the first and last EDGE_KEYS of them apart when there are more. */
function runsOf(keysOfRow: readonly string[], first: number, last: number): Run[] {
  const cuts = last - first > 2 * EDGE_KEYS ? [first, first + EDGE_KEYS, last - EDGE_KEYS, last] : [first, last];
  return cuts.slice(1).map((to, i) => {
    const from = cuts[i] as number;
    return { from: keysOfRow[from] as string, to: after(keysOfRow[to - 1] as string), count: to - from };
  });
}

/**
 * The committed keys under `prefix` as runs: whole parts and rows by their counts and bounds, the two edges' ranges
 * read to find where the prefix starts and ends in them.
 */
export async function committedRuns(ctx: Ctx, namespace: string, tree: Tree, prefix: string): Promise<Run[]> {
  const end = prefixEnd(prefix);
  const runs: Run[] = [];
  const addRow = async (row: RangeInfo) => {
    if (apart(row, prefix, end)) return;
    if (inside(row, prefix, end)) {
      runs.push({ from: row.minKey, to: after(row.maxKey), count: row.count });
      return;
    }
    const data = await ctx.trees.readRange(namespace, row.id);
    const { lo, hi } = rowSpan(data, row);
    const first = lowerBound(data.keys, prefix, identity, lo, hi);
    const last = end === undefined ? hi : lowerBound(data.keys, end, identity, first, hi);
    if (last > first) runs.push(...runsOf(data.keys, first, last));
  };
  for (const part of tree) {
    if (apart(part, prefix, end)) continue;
    if (inside(part, prefix, end)) runs.push({ from: part.minKey, to: after(part.maxKey), count: part.count });
    else for (const row of await ctx.trees.readRows(namespace, part.id)) await addRow(row);
  }
  return runs;
}

/**
 * True when the folder surely holds a live object on the branch: some run of its committed keys has fewer staged
 * deletions in its bounds, over all the branch's tokens, than keys, so at least one of them is deleted in none, and
 * what is not deleted is live. False says only that the counts cannot tell (every object may be deleted): walk it.
 * The last run is asked first, then the first, then the rest: deletions of a folder usually start at one end.
 */
export async function surelyLive(ctx: Ctx, repo: string, namespace: string, branch: BranchRecord, tree: Tree, folder: string): Promise<boolean> {
  const runs = await committedRuns(ctx, namespace, tree, folder);
  const bases = [branch.stagingToken, ...branch.sealedTokens].map((token) => keys.staging(repo, token));
  const order = runs.length < 2 ? runs : [runs[runs.length - 1] as Run, ...runs.slice(0, -1)];
  for (const run of order) {
    let deletions = 0;
    for (const base of bases) {
      deletions += (await ctx.kv.countValues(base + run.from, base + run.to, ANY_TOMBSTONE)).matching;
      if (deletions >= run.count) break;
    }
    if (deletions < run.count) return true;
  }
  return false;
}

/** The first span a run of deletions is measured by: doubled while it holds only deletions. */
const FIRST_SPAN = 32;

/**
 * Whether [from, to) holds nothing staged but deletions of its `count` committed keys: the active token has exactly
 * `count` keys there, each a deletion naming the head (which are of distinct keys the head holds, codec.ts), and no
 * sealed token has any key there. The active token is the newest, so nothing older can bring a key back; but an
 * object staged anywhere between the deleted keys, which the head lacks, is live and must not be passed over.
 */
async function onlyDeletions(ctx: Ctx, repo: string, branch: BranchRecord, from: string, to: string, count: number): Promise<boolean> {
  const active = keys.staging(repo, branch.stagingToken);
  const staged = await ctx.kv.countValues(active + from, active + to, exactly(encodeTombstone(branch.commitId)));
  if (staged.keys !== count || staged.matching !== count) return false;
  for (const token of branch.sealedTokens) {
    const base = keys.staging(repo, token);
    if ((await ctx.kv.countValues(base + from, base + to, ANY_TOMBSTONE)).keys > 0) return false;
  }
  return true;
}

/**
 * The index of the first of keys[start..end) that a run of deletions from keys[start] does not reach (end when it
 * reaches them all; `rowEnd` bounds the last key). Spans of 32, 64, 128… keys are counted, each after the last, and
 * the first that fails is halved until the run's end is found: about as many keys counted as the run holds. When the
 * first span fails the run is short, and cheaper to step through than to measure.
 */
async function deletedUpTo(
  onlyDeleted: (from: string, to: string, count: number) => Promise<boolean>,
  keysOfRow: readonly string[],
  start: number,
  end: number,
  rowEnd: string,
): Promise<number> {
  const keyAt = (i: number) => (i < end ? (keysOfRow[i] as string) : rowEnd);
  let s = start;
  for (let size = FIRST_SPAN; s < end; size *= 2) {
    const e = Math.min(s + size, end);
    if (await onlyDeleted(keyAt(s), keyAt(e), e - s)) {
      s = e;
      continue;
    }
    if (s === start) return s;
    for (let n = e - s; n > 1; ) {
      const half = n >> 1;
      if (await onlyDeleted(keyAt(s), keyAt(s + half), half)) {
        s += half;
        n -= half;
      } else {
        n = half;
      }
    }
    return s;
  }
  return s;
}

/**
 * Where a listing may go on after stepping over a staged deletion at `key`, a key of the head: past the run of
 * deletions that starts there, measured by counts (`onlyDeletions`) rather than read. From a row's first key the
 * whole row is counted first, and the rows after it while they are wholly deleted; the row where the run ends is
 * measured span by span (`deletedUpTo`). From inside a row (`anywhere`: the caller has stepped over several
 * deletions in a row, so a long run is likely) the measure starts at `key`. Undefined when the run cannot be told
 * longer than `key` alone, or `key` is not the head's.
 */
export async function pastDeletions(
  ctx: Ctx,
  repo: string,
  namespace: string,
  branch: BranchRecord,
  tree: Tree,
  key: string,
  anywhere: boolean,
): Promise<string | undefined> {
  let pi = lowerBound(tree, key, maxKeyOf);
  const part = tree[pi];
  if (!part || compareKeys(key, part.minKey) < 0) return undefined;
  let rows = await ctx.trees.readRows(namespace, part.id);
  let ri = lowerBound(rows, key, maxKeyOf);
  let row = rows[ri];
  if (!row || compareKeys(key, row.minKey) < 0 || (row.minKey !== key && !anywhere)) return undefined;
  const onlyDeleted = (from: string, to: string, count: number) => onlyDeletions(ctx, repo, branch, from, to, count);
  let start = key;
  let passed = false;
  for (;;) {
    const end = after(row.maxKey);
    const whole = start === row.minKey && (await onlyDeleted(row.minKey, end, row.count));
    if (!whole) {
      if (!passed && !anywhere) return undefined;
      const data = await ctx.trees.readRange(namespace, row.id);
      const span = rowSpan(data, row);
      const from = lowerBound(data.keys, start, identity, span.lo, span.hi);
      // A deletion of a key the head lacks may have staged objects between it and the next committed key.
      if (data.keys[from] !== start) return undefined;
      const stop = await deletedUpTo(onlyDeleted, data.keys, from, span.hi, end);
      if (stop < span.hi) return stop > from || passed ? (data.keys[stop] as string) : undefined;
    }
    passed = true;
    if (++ri >= rows.length) {
      const next = tree[++pi];
      if (!next) return end;
      rows = await ctx.trees.readRows(namespace, next.id);
      ri = 0;
    }
    row = rows[ri] as RangeInfo;
    start = row.minKey;
  }
}
