// Deletions told from counts rather than by walking them. A branch whose folder of 100,000 committed objects has
// 99,990 staged deletions would otherwise be stepped through, deletion by deletion, before a listing of its parent
// could show the folder, or a listing of the folder itself its first live object.
import { exactly, type ValueBounds } from '../kv/index';
import { compareKeys, prefixEnd } from '../kv/keys';
import type { Ctx } from './context';
import { encodeTombstone } from './codec';
import { lowerBound, maxKeyOf, rowSpan } from './iterators';
import type { RangeInfo } from './range-codec';
import { keys, type BranchRecord } from './records';
import type { Tree } from './tree-parts';

/** Every staged deletion, whichever head it names (codec.ts): the values whose first byte is 0. */
const ANY_TOMBSTONE: ValueBounds = { from: Buffer.of(0), to: Buffer.of(1) };
/** Every staged object (codec.ts): the values whose first byte is 1. */
const ANY_OBJECT: ValueBounds = { from: Buffer.of(1), to: Buffer.of(2) };

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
    const first = data.search(prefix, lo, hi);
    const last = end === undefined ? hi : data.search(end, first, hi);
    if (last > first) runs.push({ from: data.key(first), to: after(data.key(last - 1)), count: last - first });
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
      deletions += (await ctx.kv.countRange(base + run.from, base + run.to, ANY_TOMBSTONE)).matching;
      if (deletions >= run.count) break;
    }
    if (deletions < run.count) return true;
  }
  return false;
}

/** Runs of deletions inside a committed row are looked for from every this many keys of the row, its first included. */
export const RUN_PROBE_EVERY = 64;

/**
 * Whether the active token deletes every committed key in [from, to), `count` of them, with nothing else staged there
 * in any token. Deletions that name the head commit (codec.ts) are of distinct keys that the head holds, so as many of
 * them within the bounds as the head has keys there are all of its keys. The active token is the newest, so nothing
 * older can bring one of them back; but a new key that sorts between them, staged in any token, is live.
 */
async function allDeleted(ctx: Ctx, repo: string, branch: BranchRecord, from: string, to: string, count: number): Promise<boolean> {
  const base = keys.staging(repo, branch.stagingToken);
  const staged = await ctx.kv.countRange(base + from, base + to, exactly(encodeTombstone(branch.commitId)));
  if (staged.keys !== count || staged.matching !== count) return false;
  for (const token of branch.sealedTokens) {
    const sealed = keys.staging(repo, token);
    if ((await ctx.kv.countRange(sealed + from, sealed + to, ANY_OBJECT)).matching > 0) return false;
  }
  return true;
}

/**
 * Where a listing may go on after a staged deletion at `key`: past the run of committed keys from `key` on that are
 * all deleted (allDeleted), counted rather than read. At a row's first key the whole row is asked first, from its
 * bounds and count alone. Inside a row, a run is looked for only at every RUN_PROBE_EVERY-th key and only if at least
 * that many keys are deleted from there, so a listing through scattered deletions asks rarely; the run's end is then
 * found by halving, a count per step. Undefined when no run was found: the listing steps on.
 */
export async function pastDeletedRun(
  ctx: Ctx,
  repo: string,
  namespace: string,
  branch: BranchRecord,
  tree: Tree,
  key: string,
): Promise<string | undefined> {
  const part = tree[lowerBound(tree, key, maxKeyOf)];
  if (!part || compareKeys(key, part.minKey) < 0) return undefined;
  const rows = await ctx.trees.readRows(namespace, part.id);
  const row = rows[lowerBound(rows, key, maxKeyOf)];
  if (!row || compareKeys(key, row.minKey) < 0) return undefined;
  const end = after(row.maxKey);
  if (row.minKey === key && (await allDeleted(ctx, repo, branch, key, end, row.count))) return end;
  const data = await ctx.trees.readRange(namespace, row.id);
  const { lo, hi } = rowSpan(data, row);
  const at = data.search(key, lo, hi);
  if (at === hi || data.key(at) !== key || (at - lo) % RUN_PROBE_EVERY !== 0 || hi - at <= RUN_PROBE_EVERY) return undefined;
  const boundAt = (j: number) => (j === hi ? end : data.key(j));
  const deletedUpTo = (j: number) => allDeleted(ctx, repo, branch, key, boundAt(j), j - at);
  if (!(await deletedUpTo(at + RUN_PROBE_EVERY))) return undefined;
  if (row.minKey !== key && (await deletedUpTo(hi))) return end;
  // Keys at..good-1 are deleted with nothing staged among them; up to bad they are not.
  let good = at + RUN_PROBE_EVERY;
  let bad = hi;
  while (bad - good > 1) {
    const mid = (good + bad) >>> 1;
    if (await deletedUpTo(mid)) good = mid;
    else bad = mid;
  }
  return data.key(good);
}
