import { compareKeys } from '../kv/keys';
import type { Ctx } from './context';
import { identity, lowerBound, maxKeyOf } from './iterators';
import type { ObjectEntry } from './types';

/** Point lookup in a committed tree: one metarange search, one range search. */
export async function lookupInTree(ctx: Ctx, namespace: string, metaRangeId: string, key: string): Promise<ObjectEntry | undefined> {
  const ranges = await ctx.trees.readMetaRange(namespace, metaRangeId);
  const range = ranges[lowerBound(ranges, key, maxKeyOf)];
  if (!range || compareKeys(key, range.minKey) < 0) return undefined;
  const data = await ctx.trees.readRange(namespace, range.id);
  const i = lowerBound(data.keys, key, identity);
  return data.keys[i] === key ? data.entry(i) : undefined;
}
