import { performance } from 'node:perf_hooks';
import { backoff } from './backoff';
import type { Ctx } from './context';
import { decodeStaged, encodeStaged, encodeTombstone, sameIdentity } from './codec';
import { PreconditionFailedError, TooManyAttemptsError } from '../errors';
import { LiveIterator, MergedIterator, StagingIterator, TreeIterator, type RecordIterator } from './iterators';
import { prefixEnd, scanAll } from '../kv/keys';
import { decodeJson, keys, type BranchRecord, type Stored } from './records';
import type { BranchRead } from './refs';
import { pastDeletedRun, surelyLive } from './folder-liveness';
import { lookupInTree } from './tree-lookup';
import type { ObjectEntry } from './types';

/**
 * A write is repeated when a commit sealed its token meanwhile. Under a stream of commits on one branch from several
 * server processes (each kv call a network round trip) that happens several times in a row, so repeats back off.
 */
const WRITE_ATTEMPTS = 12;
/** Staged records read first after a listing skipped a run of deletions. */
const RUN_SKIP_FIRST_PAGE = 2;
const READ_ATTEMPTS = 10;

function sameBytes(a: Uint8Array | undefined, b: Uint8Array): boolean {
  return a !== undefined && Buffer.compare(a, b) === 0;
}

/** The staged changes of a branch, newest token first: the first occurrence of a key wins. Keeps tombstones. */
export function stagedChanges(ctx: Ctx, repo: string, branch: BranchRecord, from = ''): RecordIterator {
  const tokens = [branch.stagingToken, ...branch.sealedTokens];
  return new MergedIterator(tokens.map((t) => new StagingIterator(ctx.kv, keys.staging(repo, t), from)));
}

/** Staged changes of sealed tokens only (what a commit applies). */
export function sealedChanges(ctx: Ctx, repo: string, tokens: readonly string[]): RecordIterator {
  return new MergedIterator(tokens.map((t) => new StagingIterator(ctx.kv, keys.staging(repo, t))));
}

/** Where a listing collapses folders: records under `prefix` with `delimiter` after it are a folder's. */
export interface FolderListing {
  prefix: string;
  delimiter: string;
}

/**
 * The rows a run of deletions from `deleted` may be followed into: those under the listing's prefix, and when the
 * listing collapses folders, only those starting in the same folder as `deleted` (or, from an object beside the
 * folders, with such an object), so that the listing still asks of each folder it reaches whether it surely holds
 * something live, which costs less than counting its deletions row by row.
 */
function runScope(folders: FolderListing | undefined, deleted: string): (rowStart: string) => boolean {
  if (!folders) return () => true;
  const { prefix, delimiter } = folders;
  const folderOf = (key: string) => {
    const at = delimiter === '' ? -1 : key.indexOf(delimiter, prefix.length);
    return at < 0 ? '' : key.slice(0, at + delimiter.length);
  };
  const folder = folderOf(deleted);
  return (rowStart) => rowStart.startsWith(prefix) && folderOf(rowStart) === folder;
}

/**
 * Everything a reader of the branch sees from `from` on: staging over sealed tokens over the head commit. A staged
 * deletion that starts a long run of deleted committed keys (a whole row, or many keys of one) moves the walk past
 * the run (folder-liveness.ts), instead of stepping through its deletions one by one. For a listing that collapses
 * folders, a folder reached at a staged deletion is asked first whether it surely holds something live; if so, the
 * deletion's record stands for the folder (its value null, which the listing never reads, as it shows the folder and
 * moves past it) instead of a walk through the folder's deletions.
 */
export async function branchRecords(
  ctx: Ctx,
  repo: string,
  namespace: string,
  branch: BranchRecord,
  from = '',
  folders?: FolderListing,
): Promise<RecordIterator> {
  const head = await ctx.refs.commit(repo, branch.commitId);
  const tree = await ctx.trees.readTree(namespace, head.metaRangeId);
  const tokens = [branch.stagingToken, ...branch.sealedTokens];
  const open = (start: string, firstPage?: number) =>
    new MergedIterator([
      ...tokens.map((t) => new StagingIterator(ctx.kv, keys.staging(repo, t), start, firstPage)),
      new TreeIterator(ctx.trees, namespace, tree, start),
    ]);
  const past = async (deleted: string) => {
    const next = await pastDeletedRun(ctx, repo, namespace, branch, tree, deleted, runScope(folders, deleted));
    // Past a deleted run the next record is usually a live one, or a deletion that starts no run: read few.
    return next === undefined ? undefined : open(next, RUN_SKIP_FIRST_PAGE);
  };
  if (!folders || folders.delimiter === '') return new LiveIterator(open(from), undefined, past);
  const { prefix, delimiter } = folders;
  let asked = '';
  const keepDeletion = async (deleted: string) => {
    const at = deleted.indexOf(delimiter, prefix.length);
    if (!deleted.startsWith(prefix) || at < 0) return false;
    const folder = deleted.slice(0, at + delimiter.length);
    if (folder === asked) return false;
    asked = folder;
    return surelyLive(ctx, repo, namespace, branch, tree, folder);
  };
  return new LiveIterator(open(from), keepDeletion, past);
}

/**
 * Runs a read against one state of the branch. The read could go wrong only if a token it relied on were deleted
 * while it ran; retired tokens stay readable for the grace time, so a read finishing within it is sound. A slower
 * read is kept only if the branch did not move meanwhile, and is retried otherwise.
 */
export async function readStable<T>(
  ctx: Ctx,
  repo: string,
  branchId: string,
  read: (branch: BranchRecord) => Promise<{ value: T; needsCheck: boolean }>,
  /** The branch record the caller just read (resolving its ref): the first attempt starts from it. */
  first?: BranchRead,
): Promise<T> {
  for (let attempt = 0; attempt < READ_ATTEMPTS; attempt++) {
    const given = attempt === 0 ? first : undefined;
    const started = given?.readAt ?? performance.now();
    const b = given?.record ?? (await ctx.refs.branch(repo, branchId));
    const { value, needsCheck } = await read(b.value);
    if (!needsCheck || performance.now() - started < ctx.graceMs) return value;
    const again = await ctx.kv.get(keys.branch(repo, branchId));
    if (again !== undefined && sameBytes(again, b.raw)) return value;
  }
  throw new TooManyAttemptsError();
}

/** The value of a path on a branch including staging; undefined when absent or deleted. */
export async function readBranchObject(
  ctx: Ctx,
  repo: string,
  namespace: string,
  branchId: string,
  path: string,
  first?: BranchRead,
): Promise<ObjectEntry | undefined> {
  return readStable(ctx, repo, branchId, async (branch) => {
    const current = await ctx.kv.get(keys.staging(repo, branch.stagingToken) + path);
    // A hit in the active token is current whatever happens to the branch afterwards.
    if (current !== undefined) return { value: decodeStaged(current) ?? undefined, needsCheck: false };
    for (const token of branch.sealedTokens) {
      const v = await ctx.kv.get(keys.staging(repo, token) + path);
      if (v !== undefined) return { value: decodeStaged(v) ?? undefined, needsCheck: true };
    }
    const head = await ctx.refs.commit(repo, branch.commitId);
    return { value: await lookupInTree(ctx, namespace, head.metaRangeId, path), needsCheck: true };
  }, first);
}

export interface WritePrecondition {
  ifAbsent?: boolean;
  ifMatchChecksum?: string;
}

function checkPrecondition(current: ObjectEntry | undefined, p: WritePrecondition): void {
  if (p.ifAbsent && current !== undefined) throw new PreconditionFailedError('path already exists');
  if (p.ifMatchChecksum !== undefined && (current === undefined || current.checksum !== p.ifMatchChecksum)) {
    throw new PreconditionFailedError();
  }
}

/**
 * Stages a value (null = tombstone) under the branch's active token. If a commit sealed that token while we wrote,
 * the write may have missed the commit's snapshot, so it is repeated under the new token; repeating is harmless.
 */
export async function writeStaged(
  ctx: Ctx,
  repo: string,
  namespace: string,
  branchId: string,
  path: string,
  value: ObjectEntry | null,
  precondition: WritePrecondition = {},
): Promise<void> {
  let conditional = precondition.ifAbsent || precondition.ifMatchChecksum !== undefined;
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    await backoff(attempt);
    const branch: Stored<BranchRecord> = await ctx.refs.branch(repo, branchId);
    const key = keys.staging(repo, branch.value.stagingToken) + path;
    const bytes = value === null ? await tombstoneFor(ctx, repo, namespace, branch.value, path) : encodeStaged(value);
    if (conditional) {
      const staged = await ctx.kv.get(key);
      const current = await readBranchObject(ctx, repo, namespace, branchId, path);
      checkPrecondition(current, precondition);
      // Compare-and-set on the staged slot so two conditional writers cannot both succeed.
      if (!(await ctx.kv.setIf(key, bytes, staged ?? 'absent'))) throw new PreconditionFailedError();
      // The check held when the value was first written; a repeat under a new token must not see itself.
      conditional = false;
    } else {
      await ctx.kv.set(key, bytes);
    }
    const after = await ctx.refs.branch(repo, branchId);
    if (after.value.stagingToken === branch.value.stagingToken) return;
  }
  throw new TooManyAttemptsError();
}

/** A deletion of `path` on the branch, naming the head when the head holds the path (codec.ts). */
async function tombstoneFor(ctx: Ctx, repo: string, namespace: string, branch: BranchRecord, path: string): Promise<Buffer> {
  const head = await ctx.refs.commit(repo, branch.commitId);
  const inHead = (await lookupInTree(ctx, namespace, head.metaRangeId, path)) !== undefined;
  return encodeTombstone(inHead ? branch.commitId : undefined);
}

/** Whether the staged value actually differs from the committed one. */
export function isEffectiveChange(staged: ObjectEntry | null, committed: ObjectEntry | undefined): boolean {
  if (staged === null) return committed !== undefined;
  return committed === undefined || !sameIdentity(staged, committed);
}

/**
 * Deletes staged data no branch refers to: tokens left behind when a process stopped before dropping them after a
 * commit, reset or branch deletion. Safe while the repository is in use: a token is referenced by its branch
 * before anything is written to it and never again once retired, so listing tokens before reading the branches
 * cannot delete live data. Returns how many tokens were removed.
 */
export async function sweepOrphanTokens(ctx: Ctx, repo: string): Promise<number> {
  const base = keys.stagingRoot(repo);
  const tokens: string[] = [];
  for (let from: string | undefined = base; from !== undefined; ) {
    const [first] = await ctx.kv.scan({ prefix: base, from, limit: 1 });
    if (!first) break;
    const token = first.key.slice(base.length).split('/', 1)[0] as string;
    tokens.push(token);
    from = prefixEnd(`${base}${token}/`);
  }
  const live = new Set<string>();
  for await (const b of scanAll(ctx.kv, { prefix: keys.branches(repo) })) {
    const record = decodeJson<BranchRecord>(b.value);
    live.add(record.stagingToken);
    for (const t of record.sealedTokens) live.add(t);
  }
  const dead = tokens.filter((t) => !live.has(t));
  for (const t of dead) await ctx.kv.deletePrefix(keys.staging(repo, t));
  return dead.length;
}
