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
import type { Tree, TreePart } from './tree-parts';

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

/** One state of a branch, whose staged keys a run's counts are asked of. */
interface BranchStaging {
  ctx: Ctx;
  repo: string;
  branch: BranchRecord;
}

/**
 * Whether the active token deletes every committed key in [from, to), `count` of them, with nothing else staged there
 * in any token. Deletions that name the head commit (codec.ts) are of distinct keys that the head holds, so as many of
 * them within the bounds as the head has keys there are all of its keys. The active token is the newest, so nothing
 * older can bring one of them back; but a new key that sorts between them, staged in any token, is live. Adjacent
 * spans that each hold are so deleted together: the counts add up.
 */
async function allDeleted({ ctx, repo, branch }: BranchStaging, from: string, to: string, count: number): Promise<boolean> {
  const base = keys.staging(repo, branch.stagingToken);
  const staged = await ctx.kv.countRange(base + from, base + to, exactly(encodeTombstone(branch.commitId)));
  if (staged.keys !== count || staged.matching !== count) return false;
  for (const token of branch.sealedTokens) {
    const sealed = keys.staging(repo, token);
    if ((await ctx.kv.countRange(sealed + from, sealed + to, ANY_OBJECT)).matching > 0) return false;
  }
  return true;
}

/** Whether the active token deletes `key`, a key of the head: one read, to tell whether a row may start a run. */
async function deletedNow({ ctx, repo, branch }: BranchStaging, key: string): Promise<boolean> {
  const staged = await ctx.kv.get(keys.staging(repo, branch.stagingToken) + key);
  return staged !== undefined && Buffer.compare(staged, encodeTombstone(branch.commitId)) === 0;
}

/** The rows of a tree from the one holding `key` (or the first after it) on, each part's rows read when reached. */
async function* rowsFrom(ctx: Ctx, namespace: string, tree: Tree, key: string): AsyncGenerator<RangeInfo> {
  for (let pi = lowerBound(tree, key, maxKeyOf), first = true; pi < tree.length; pi++, first = false) {
    const rows = await ctx.trees.readRows(namespace, (tree[pi] as TreePart).id);
    for (let ri = first ? lowerBound(rows, key, maxKeyOf) : 0; ri < rows.length; ri++) yield rows[ri] as RangeInfo;
  }
}

/**
 * How far a run of deletions goes inside one row, from its committed key `key` on, when `key` is one of the row's
 * every RUN_PROBE_EVERY-th keys and more than that many keys follow it. `from` (`key`, or an earlier bound that
 * the caller knows deleted up to `key`) is where the first count starts. The run is followed in spans that double
 * (64, 128, 256 keys...) and, once a span holds something live, ended by halving that span. Each count covers only
 * keys not yet known to be deleted, so the store counts a run's keys once, and those of the span that ends it at
 * most about twice more. Answers the bound the run reaches: the first key not known deleted, or the row's end bound
 * (after its last key); undefined when the first span already holds something live.
 */
async function pastDeletedKeys(
  staging: BranchStaging,
  namespace: string,
  row: RangeInfo,
  key: string,
  from: string,
): Promise<string | undefined> {
  const data = await staging.ctx.trees.readRange(namespace, row.id);
  const { lo, hi } = rowSpan(data, row);
  const at = data.search(key, lo, hi);
  if (at === hi || data.key(at) !== key || (at - lo) % RUN_PROBE_EVERY !== 0 || hi - at <= RUN_PROBE_EVERY) return undefined;
  const boundAt = (j: number) => (j === at ? from : j === hi ? after(row.maxKey) : data.key(j));
  const deleted = (i: number, j: number) => allDeleted(staging, boundAt(i), boundAt(j), j - i);
  // The row's keys at..good-1 are known deleted; some key in good..bad-1 is not.
  let good = at;
  let bad = hi + 1;
  for (let span = RUN_PROBE_EVERY; good < hi; span *= 2) {
    const next = Math.min(hi, good + span);
    if (!(await deleted(good, next))) {
      bad = next;
      break;
    }
    good = next;
  }
  if (good === at) return undefined;
  while (bad - good > 1) {
    const mid = (good + bad) >>> 1;
    if (await deleted(good, mid)) good = mid;
    else bad = mid;
  }
  return boundAt(good);
}

/**
 * Where a listing may go on after a staged deletion at `key`: past the run of committed keys from `key` on that are
 * all deleted (allDeleted), counted rather than read. From a row's first key the whole row is asked first, from its
 * bounds and count alone, and then each following row whose first key the active token deletes (one read) and that
 * `followInto` allows (what the listing looks at), until a row is not wholly deleted; that row is then searched from
 * its start (pastDeletedKeys), as is the rest of a row entered at `key`. Every count
 * starts where the last one ended, so new keys staged between rows are counted too. Undefined when no run was found:
 * the listing steps on.
 */
export async function pastDeletedRun(
  ctx: Ctx,
  repo: string,
  namespace: string,
  branch: BranchRecord,
  tree: Tree,
  key: string,
  followInto: (rowStart: string) => boolean = () => true,
): Promise<string | undefined> {
  const staging: BranchStaging = { ctx, repo, branch };
  const rows = rowsFrom(ctx, namespace, tree, key);
  let row = (await rows.next()).value;
  if (!row || compareKeys(key, row.minKey) < 0) return undefined;
  // Every committed key in [key, from) is deleted, and nothing else is staged there.
  let from = key;
  const nextRow = async (): Promise<RangeInfo | undefined> => {
    const next = (await rows.next()).value;
    if (!next || !followInto(next.minKey)) return undefined;
    return (await deletedNow(staging, next.minKey)) ? next : undefined;
  };
  if (row.minKey !== key) {
    const reached = await pastDeletedKeys(staging, namespace, row, key, from);
    if (reached !== after(row.maxKey)) return reached;
    from = reached;
    row = await nextRow();
  }
  for (; row; row = await nextRow()) {
    const end = after(row.maxKey);
    if (!(await allDeleted(staging, from, end, row.count))) {
      const reached = await pastDeletedKeys(staging, namespace, row, row.minKey, from);
      return reached ?? (from === key ? undefined : from);
    }
    from = end;
  }
  return from;
}
