import { applyChanges } from './apply';
import { backoff } from './backoff';
import { computeCommitId } from './commit-id';
import type { Ctx } from './context';
import { DirtyBranchError, NoChangesError, TooManyAttemptsError } from '../errors';
import { encodeBranch, keys, newStagingToken, type BranchRecord, type Stored } from './records';
import { isEffectiveChange, sealedChanges } from './staging';
import { lookupInTree } from './tree-lookup';
import type { Commit, CommitOptions } from './types';

const UPDATE_ATTEMPTS = 10;
/**
 * Every seal and branch move on a branch races every other for its record. With several server processes on a
 * shared database each attempt spans network round trips, so sixteen committers on one branch can take a seal more
 * than ten tries; the backoff caps each pause at 200 ms, so this bounds the wait to a few seconds.
 */
const SEAL_ATTEMPTS = 25;

export function makeCommit(fields: Omit<Commit, 'id' | 'version'>): Commit {
  return { ...fields, id: computeCommitId(fields), version: 1 };
}

/** The commit of `metaRangeId` on top of `parent`, described by the caller's options (dated now unless they say). */
export function commitOnTop(ctx: Ctx, parent: Commit, metaRangeId: string, o: CommitOptions): Commit {
  return makeCommit({
    parents: [parent.id],
    committer: o.committer,
    message: o.message,
    creationDate: o.date ?? ctx.now(),
    metaRangeId,
    metadata: o.metadata ?? {},
    generation: parent.generation + 1,
  });
}

function endsWith(list: readonly string[], tail: readonly string[]): boolean {
  if (tail.length > list.length) return false;
  const offset = list.length - tail.length;
  return tail.every((t, i) => list[offset + i] === t);
}

function dropTokens(ctx: Ctx, repo: string, tokens: readonly string[]): void {
  if (tokens.length === 0) return;
  ctx.later(async () => {
    for (const t of tokens) await ctx.kv.deletePrefix(keys.staging(repo, t));
  }, ctx.graceMs);
}

/** Compare-and-set of a branch record; false when it changed since `current` was read. */
export async function casBranch(ctx: Ctx, repo: string, branchId: string, current: Stored<BranchRecord>, next: BranchRecord): Promise<boolean> {
  return ctx.kv.setIf(keys.branch(repo, branchId), encodeBranch(next), current.raw);
}

/**
 * Moves a branch from `from` to `commit` and retires the sealed `tokens` the commit was built from. Other commits may
 * seal more tokens meanwhile (prepended); ours stay the tail as long as the head is unchanged. False when the head
 * moved or our tokens are gone: the caller must rebuild on the new head.
 */
async function moveBranchRetiring(
  ctx: Ctx,
  repo: string,
  branchId: string,
  from: string,
  tokens: readonly string[],
  commit: Commit,
): Promise<boolean> {
  for (;;) {
    const cur = await ctx.refs.branch(repo, branchId);
    if (cur.value.commitId !== from || !endsWith(cur.value.sealedTokens, tokens)) return false;
    const remaining = cur.value.sealedTokens.slice(0, cur.value.sealedTokens.length - tokens.length);
    if (await casBranch(ctx, repo, branchId, cur, { ...cur.value, commitId: commit.id, sealedTokens: remaining })) {
      dropTokens(ctx, repo, tokens);
      return true;
    }
  }
}

/** No token of the branch holds a staged record: no sealed token waits, and the active one is empty. */
async function nothingStaged(ctx: Ctx, repo: string, branchId: string): Promise<boolean> {
  const b = await ctx.refs.branch(repo, branchId);
  if (b.value.sealedTokens.length > 0) return false;
  return (await ctx.kv.scan({ prefix: keys.staging(repo, b.value.stagingToken), limit: 1 })).length === 0;
}

/** Freezes the active staging token: new writes go to a fresh token from now on. Returns the sealed token. */
async function seal(ctx: Ctx, repo: string, branchId: string): Promise<string> {
  for (let attempt = 0; attempt < SEAL_ATTEMPTS; attempt++) {
    await backoff(attempt);
    const b = await ctx.refs.branch(repo, branchId);
    const next: BranchRecord = {
      ...b.value,
      stagingToken: newStagingToken(),
      sealedTokens: [b.value.stagingToken, ...b.value.sealedTokens],
    };
    if (await casBranch(ctx, repo, branchId, b, next)) return b.value.stagingToken;
  }
  throw new TooManyAttemptsError();
}

/**
 * Retires sealed tokens whose changes turned out to change nothing, so failed commits do not pile up tokens that
 * every read must consult. Best effort: if the branch moved, they stay sealed, which is harmless.
 */
async function unseal(ctx: Ctx, repo: string, branchId: string, head: string, tokens: readonly string[]): Promise<void> {
  const cur = await ctx.refs.branch(repo, branchId);
  if (cur.value.commitId !== head || !endsWith(cur.value.sealedTokens, tokens)) return;
  const remaining = cur.value.sealedTokens.slice(0, cur.value.sealedTokens.length - tokens.length);
  if (await casBranch(ctx, repo, branchId, cur, { ...cur.value, sealedTokens: remaining })) dropTokens(ctx, repo, tokens);
}

/**
 * The sealed tokens a commit applies: its own and every older one (the tail of the list, which is newest first).
 * Older tokens must go in with it, since the new head has to contain everything staged before its own changes;
 * newer tokens belong to commits that sealed after it and are left for them. Undefined when ours is gone: a
 * concurrent commit applied it (with its own message), or it was found to change nothing, or staging was reset.
 */
function tokensFrom(sealedTokens: readonly string[], mine: string): readonly string[] | undefined {
  const at = sealedTokens.indexOf(mine);
  return at < 0 ? undefined : sealedTokens.slice(at);
}

/**
 * Commits a branch's staging: seal the active token, build the new tree from the head and the sealed tokens up to
 * ours outside any lock, store the commit, then move the branch by compare-and-set, removing exactly the tokens it
 * applied. When the branch moved meanwhile, rebuild on the new head. A call always answers the commit it made:
 * when a concurrent commit took all of its changes, there is nothing left to commit (400 "no changes"). A crash
 * at any point leaves the branch on its old or new commit, with uncommitted writes still in (sealed) tokens that
 * readers and the next commit see.
 */
export async function commitStaging(ctx: Ctx, repo: string, namespace: string, branchId: string, o: CommitOptions): Promise<Commit> {
  // Sealing moves the branch record, and every write in flight then repeats itself under the new token: a branch with
  // nothing staged answers "no changes" without it, so commits polled in a loop cannot starve the writers.
  if (!o.allowEmpty && (await nothingStaged(ctx, repo, branchId))) throw new NoChangesError();
  const mine = await seal(ctx, repo, branchId);
  let previous: readonly string[] | undefined;
  // Only a retry that found no progress counts: when an older commit landed, our share of the work shrank.
  for (let stalls = 0; stalls < UPDATE_ATTEMPTS; ) {
    const b = await ctx.refs.branch(repo, branchId);
    const ours = tokensFrom(b.value.sealedTokens, mine);
    if (!ours && !o.allowEmpty) throw new NoChangesError();
    // With allow_empty and our changes taken, the call still makes its own (empty) commit on the new head.
    const tokens = ours ?? [];
    if (previous !== undefined && tokens.length >= previous.length) await backoff(++stalls);
    previous = tokens;
    const parent = await ctx.refs.commit(repo, b.value.commitId);
    const base = await ctx.trees.readTree(namespace, parent.metaRangeId);
    const applied = await applyChanges(ctx.trees, namespace, base, sealedChanges(ctx, repo, tokens), ctx.raggedness);
    if (applied.changed === 0 && !o.allowEmpty) {
      await unseal(ctx, repo, branchId, parent.id, tokens);
      throw new NoChangesError();
    }
    const metaRangeId = await ctx.trees.writeMetaRange(namespace, applied.tree);
    const commit = commitOnTop(ctx, parent, metaRangeId, o);
    await ctx.refs.putCommit(repo, commit);
    if (o.beforeBranchMove) await o.beforeBranchMove(commit);
    if (await moveBranchRetiring(ctx, repo, branchId, parent.id, tokens, commit)) return commit;
  }
  throw new TooManyAttemptsError();
}

/** Whether any sealed entry differs from the tree it would land on (a rewrite of the same content does not). */
async function sealedChangesAnything(ctx: Ctx, repo: string, namespace: string, tokens: readonly string[], metaRangeId: string): Promise<boolean> {
  const staged = sealedChanges(ctx, repo, tokens);
  for (let s = await staged.next(); s; s = await staged.next()) {
    if (isEffectiveChange(s.value, await lookupInTree(ctx, namespace, metaRangeId, s.key))) return true;
  }
  return false;
}

/**
 * Moves a clean branch to a commit built from its head (merge, revert, cherry-pick, import, metarange commit).
 * The staging is sealed first and retired with the move: entries that change nothing (a rewrite of the same content)
 * would otherwise shadow the new head. Writes that arrive meanwhile go to the fresh token and stay on top of the new
 * head. Sealed entries that do change something mean the branch is dirty, and nothing moves.
 */
export async function commitOnHead(
  ctx: Ctx,
  repo: string,
  namespace: string,
  branchId: string,
  build: (head: Commit, branch: BranchRecord) => Promise<Commit>,
  beforeBranchMove?: (commit: Commit) => Promise<void>,
): Promise<Commit> {
  await seal(ctx, repo, branchId);
  for (let attempt = 0; attempt < UPDATE_ATTEMPTS; attempt++) {
    await backoff(attempt);
    const b = await ctx.refs.branch(repo, branchId);
    const tokens = b.value.sealedTokens;
    const head = await ctx.refs.commit(repo, b.value.commitId);
    if (await sealedChangesAnything(ctx, repo, namespace, tokens, head.metaRangeId)) throw new DirtyBranchError();
    const commit = await build(head, b.value);
    await ctx.refs.putCommit(repo, commit);
    if (beforeBranchMove) await beforeBranchMove(commit);
    if (await moveBranchRetiring(ctx, repo, branchId, head.id, tokens, commit)) return commit;
  }
  throw new TooManyAttemptsError();
}

/** Replaces a branch's staging with a fresh token, optionally moving it; old tokens are dropped afterwards. */
export async function replaceStaging(ctx: Ctx, repo: string, branchId: string, commitId?: string): Promise<void> {
  for (let attempt = 0; attempt < UPDATE_ATTEMPTS; attempt++) {
    await backoff(attempt);
    const b = await ctx.refs.branch(repo, branchId);
    const next: BranchRecord = {
      ...b.value,
      commitId: commitId ?? b.value.commitId,
      stagingToken: newStagingToken(),
      sealedTokens: [],
    };
    if (await casBranch(ctx, repo, branchId, b, next)) {
      dropTokens(ctx, repo, [b.value.stagingToken, ...b.value.sealedTokens]);
      return;
    }
  }
  throw new TooManyAttemptsError();
}

export { dropTokens };
