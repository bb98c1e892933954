import { compareKeys } from '../kv/keys';
import type { Ctx } from './context';
import { lowerBound, maxKeyOf } from './iterators';
import type { ObjectEntry } from './types';

/** Point lookup in a committed tree: one search among its parts, one among the part's rows, one in the range's block. */
export async function lookupInTree(ctx: Ctx, namespace: string, metaRangeId: string, key: string): Promise<ObjectEntry | undefined> {
  const parts = await ctx.trees.readTree(namespace, metaRangeId);
  const part = parts[lowerBound(parts, key, maxKeyOf)];
  if (!part || compareKeys(key, part.minKey) < 0) return undefined;
  const ranges = await ctx.trees.readRows(namespace, part.id);
  const range = ranges[lowerBound(ranges, key, maxKeyOf)];
  if (!range || compareKeys(key, range.minKey) < 0) return undefined;
  // One block of the file answers: a lookup in a range not in memory reads its index and that block.
  const data = await ctx.trees.openRange(namespace, range.id);
  const loading = data.loadFor(key);
  if (loading) await loading;
  const i = data.search(key);
  return i < data.length && data.key(i) === key ? data.entry(i) : undefined;
}
