import { applyChanges, type ApplyResult } from './apply';
import { sameIdentity } from './codec';
import type { Ctx } from './context';
import { ConflictError } from '../errors';
import type { Rec, RecordIterator } from './iterators';
import { joinByKey } from './join';
import { diffTrees } from './tree-diff';
import type { MergeStrategy, ObjectEntry } from './types';

const MAX_REPORTED_CONFLICTS = 1000;

function same(a: ObjectEntry | undefined, b: ObjectEntry | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return sameIdentity(a, b);
}

/**
 * The changes a three-way merge makes to the destination: what the source changed since the base, except where the
 * destination changed the same key differently (a conflict, settled by the strategy). Both sides are diffs against
 * the base, so ranges shared with the base are never read.
 */
function mergeChanges(
  ctx: Ctx,
  namespace: string,
  base: Parameters<typeof diffTrees>[2],
  source: Parameters<typeof diffTrees>[2],
  dest: Parameters<typeof diffTrees>[2],
  strategy: MergeStrategy,
): RecordIterator {
  const joined = joinByKey(diffTrees(ctx.trees, namespace, base, source), diffTrees(ctx.trees, namespace, base, dest));
  return {
    async next(): Promise<Rec | undefined> {
      for (;;) {
        const j = await joined.next();
        if (!j) return undefined;
        if (!j.a) continue;
        const s = j.a.right;
        if (!j.b) return { key: j.key, value: s ?? null };
        const d = j.b.right;
        if (same(s, d)) continue;
        if (strategy === 'source-wins') return { key: j.key, value: s ?? null };
        if (strategy === 'dest-wins') continue;
        // Default strategy: nothing is written; report the conflicting paths.
        const conflicts = [j.key];
        for (let k = await joined.next(); k && conflicts.length < MAX_REPORTED_CONFLICTS; k = await joined.next()) {
          if (k.a && k.b && !same(k.a.right, k.b.right)) conflicts.push(k.key);
        }
        throw new ConflictError(conflicts);
      }
    },
  };
}

/** Merges three metaranges into a new tree built on the destination. */
export async function mergeTrees(
  ctx: Ctx,
  namespace: string,
  baseId: string,
  sourceId: string,
  destId: string,
  strategy: MergeStrategy,
): Promise<ApplyResult> {
  const [base, source, dest] = await Promise.all([
    ctx.trees.readMetaRange(namespace, baseId),
    ctx.trees.readMetaRange(namespace, sourceId),
    ctx.trees.readMetaRange(namespace, destId),
  ]);
  const changes = mergeChanges(ctx, namespace, base, source, dest, strategy);
  return applyChanges(ctx.trees, namespace, dest, changes, ctx.raggedness);
}
