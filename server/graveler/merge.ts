import { applyChanges, type ApplyResult } from './apply';
import { sameIdentity } from './codec';
import type { Ctx } from './context';
import { ConflictError, ValidationError, type Conflict, type ConflictingVersion } from '../errors';
import type { Rec, RecordIterator } from './iterators';
import { joinByKey } from './join';
import { diffTrees } from './tree-diff';
import type { ConflictResolutions, MergeStrategy, ObjectEntry } from './types';

const MAX_REPORTED_CONFLICTS = 1000;

function same(a: ObjectEntry | undefined, b: ObjectEntry | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return sameIdentity(a, b);
}

function version(e: ObjectEntry | undefined): ConflictingVersion | null {
  return e ? { size: e.size, mtime: e.mtime, checksum: e.checksum, contentType: e.contentType } : null;
}

/** How a merge settles conflicts: a per-path choice first, then the strategy; the default strategy settles none. */
export interface ConflictPolicy {
  strategy: MergeStrategy;
  resolutions?: ConflictResolutions;
}

/**
 * The changes a three-way merge makes to the destination: what the source changed since the base, except where the
 * destination changed the same key differently (a conflict, settled by the policy). Both sides are diffs against
 * the base, so ranges shared with the base are never read. Conflicts left unsettled fail the merge once the walk
 * has found them all (up to 1000), as does a resolution naming a path that does not conflict: the iterator throws
 * before its last record, so nothing is committed.
 */
function mergeChanges(
  ctx: Ctx,
  namespace: string,
  base: Parameters<typeof diffTrees>[2],
  source: Parameters<typeof diffTrees>[2],
  dest: Parameters<typeof diffTrees>[2],
  policy: ConflictPolicy,
): RecordIterator {
  const joined = joinByKey(diffTrees(ctx.trees, namespace, base, source), diffTrees(ctx.trees, namespace, base, dest));
  const resolutions = new Map(Object.entries(policy.resolutions ?? {}));
  const unsettled: Conflict[] = [];

  const settle = (key: string, s: ObjectEntry | undefined, d: ObjectEntry | undefined): Rec | 'dest' | 'unsettled' => {
    const choice = resolutions.get(key) ?? (policy.strategy === 'source-wins' ? 'source' : policy.strategy === 'dest-wins' ? 'dest' : undefined);
    resolutions.delete(key);
    if (choice === undefined) {
      if (unsettled.length < MAX_REPORTED_CONFLICTS) unsettled.push({ path: key, source: version(s), dest: version(d) });
      return 'unsettled';
    }
    return choice === 'source' ? { key, value: s ?? null } : 'dest';
  };

  const finish = (): undefined => {
    if (unsettled.length > 0) throw new ConflictError(unsettled);
    const [stray] = resolutions.keys();
    if (stray !== undefined) throw new ValidationError(`conflict resolution for a path that does not conflict: ${stray}`);
    return undefined;
  };

  return {
    async next(): Promise<Rec | undefined> {
      for (;;) {
        const j = await joined.next();
        if (!j) return finish();
        if (!j.a) continue;
        const s = j.a.right;
        if (!j.b) {
          if (unsettled.length === 0) return { key: j.key, value: s ?? null };
          continue;
        }
        const d = j.b.right;
        if (same(s, d)) continue;
        const settled = settle(j.key, s, d);
        // Once a conflict is unsettled the merge will fail: the rest of the walk only looks for more conflicts.
        if (typeof settled === 'object' && unsettled.length === 0) return settled;
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
  policy: ConflictPolicy,
): Promise<ApplyResult> {
  const [base, source, dest] = await Promise.all([
    ctx.trees.readTree(namespace, baseId),
    ctx.trees.readTree(namespace, sourceId),
    ctx.trees.readTree(namespace, destId),
  ]);
  const changes = mergeChanges(ctx, namespace, base, source, dest, policy);
  return applyChanges(ctx.trees, namespace, dest, changes, ctx.raggedness);
}

/** Refuses resolutions for paths a merge with no conflicts possible (a fast-forward of content) cannot use. */
export function refuseResolutions(resolutions: ConflictResolutions | undefined): void {
  const [stray] = Object.keys(resolutions ?? {});
  if (stray !== undefined) throw new ValidationError(`conflict resolution for a path that does not conflict: ${stray}`);
}
