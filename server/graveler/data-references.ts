// What refers to object data, for the garbage collector: the entries of committed trees and of staging tokens.
import type { Ctx } from './context';
import { rowSpan, StagingIterator } from './iterators';
import { keys } from './records';
import type { DataAddress, ObjectEntry } from './types';

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
 * The data addresses of a committed tree, a range's at a time, skipping the parts and rows in `seen` and adding the ones it reads: trees of
 * related commits share most parts and rows, so a walk over many commits reads each once. A row may name only part
 * of its file, and only that part is the tree's: the rest may hold versions a later commit replaced.
 */
export async function* treeAddresses(ctx: Ctx, namespace: string, metaRangeId: string, seen: Set<string>): AsyncGenerator<DataAddress[]> {
  for (const part of await ctx.trees.readTree(namespace, metaRangeId)) {
    // A part's id is the hash of its rows, so a part seen is every one of its rows seen.
    if (seen.has(part.id)) continue;
    seen.add(part.id);
    for (const range of await ctx.trees.readRows(namespace, part.id)) {
      const row = `${range.id}/${range.count}/${range.minKey}`;
      if (seen.has(row)) continue;
      seen.add(row);
      const data = await ctx.trees.readRange(namespace, range.id);
      const { lo, hi } = rowSpan(data, range);
      const addresses: DataAddress[] = [];
      for (let i = lo; i < hi; i++) addresses.push(data.address(i));
      yield addresses;
    }
  }
}
