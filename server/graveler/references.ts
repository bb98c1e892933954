// What refers to object data, for the garbage collector: the entries of committed trees and of staging tokens.
import type { Ctx } from './context';
import { StagingIterator } from './iterators';
import { keys } from './records';
import type { ObjectEntry } from './types';

/**
 * Every entry staged on the branch, in its current and its sealed tokens, including entries a newer token shadows:
 * a commit in progress still applies them. Tombstones refer to nothing and are skipped.
 */
export async function* stagedEntries(ctx: Ctx, repo: string, branchId: string): AsyncGenerator<ObjectEntry> {
  const branch = await ctx.refs.branch(repo, branchId);
  for (const token of [branch.value.stagingToken, ...branch.value.sealedTokens]) {
    const it = new StagingIterator(ctx.kv, keys.staging(repo, token));
    for (let rec = await it.next(); rec; rec = await it.next()) if (rec.value) yield rec.value;
  }
}

/**
 * The entries of a committed tree, skipping the ranges in `seen` and adding the ones it reads: trees of related
 * commits share most ranges, so a walk over many commits reads each range once.
 */
export async function* treeEntries(ctx: Ctx, namespace: string, metaRangeId: string, seen: Set<string>): AsyncGenerator<ObjectEntry> {
  for (const range of await ctx.trees.readMetaRange(namespace, metaRangeId)) {
    if (seen.has(range.id)) continue;
    seen.add(range.id);
    const data = await ctx.trees.readRange(namespace, range.id);
    for (let i = 0; i < data.length; i++) yield data.entry(i);
  }
}
