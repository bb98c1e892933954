import { applyChanges, type ApplyResult } from './apply';
import { sameIdentity } from './codec';
import type { Ctx } from './context';
import { ConflictError, ValidationError, type Conflict, type ConflictingVersion } from '../errors';
import type { Rec, RecordIterator } from './iterators';
import { joinByKey } from './join';
import { diffTrees } from './tree-diff';
import type { Tree } from './tree-parts';
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
 * A key the source changed since the base, as a three-way merge sees it: a change only the source made, or a
 * conflict where the destination changed it too, differently. An absent side deleted the key.
 */
type MergeStep =
  | { kind: 'change'; key: string; source: ObjectEntry | undefined }
  | { kind: 'conflict'; key: string; source: ObjectEntry | undefined; dest: ObjectEntry | undefined };
type ConflictStep = Extract<MergeStep, { kind: 'conflict' }>;

/**
 * The walk the merge and its dry run share, in key order. Both sides are diffs against the base, so ranges shared
 * with the base are never read; keys only the destination changed, or both changed alike, are passed over.
 */
function mergeSteps(ctx: Ctx, namespace: string, base: Tree, source: Tree, dest: Tree): { next(): Promise<MergeStep | undefined> } {
  const joined = joinByKey(diffTrees(ctx.trees, namespace, base, source), diffTrees(ctx.trees, namespace, base, dest));
  return {
    async next(): Promise<MergeStep | undefined> {
      for (;;) {
        const j = await joined.next();
        if (!j) return undefined;
        if (!j.a) continue;
        const s = j.a.right;
        if (!j.b) return { kind: 'change', key: j.key, source: s };
        const d = j.b.right;
        if (!same(s, d)) return { kind: 'conflict', key: j.key, source: s, dest: d };
      }
    },
  };
}

const conflictOf = (step: ConflictStep): Conflict => ({ path: step.key, source: version(step.source), dest: version(step.dest) });

/**
 * The changes a three-way merge makes to the destination: what the source changed since the base, except where the
 * destination changed the same key differently (a conflict, settled by the policy). Conflicts left unsettled fail
 * the merge once the walk has found them all (up to 1000), as does a resolution naming a path that does not
 * conflict: the iterator throws before its last record, so nothing is committed.
 */
function mergeChanges(ctx: Ctx, namespace: string, base: Tree, source: Tree, dest: Tree, policy: ConflictPolicy): RecordIterator {
  const steps = mergeSteps(ctx, namespace, base, source, dest);
  const resolutions = new Map(Object.entries(policy.resolutions ?? {}));
  const unsettled: Conflict[] = [];

  const settle = (step: ConflictStep): Rec | 'dest' | 'unsettled' => {
    const { key } = step;
    const choice = resolutions.get(key) ?? (policy.strategy === 'source-wins' ? 'source' : policy.strategy === 'dest-wins' ? 'dest' : undefined);
    resolutions.delete(key);
    if (choice === undefined) {
      if (unsettled.length < MAX_REPORTED_CONFLICTS) unsettled.push(conflictOf(step));
      return 'unsettled';
    }
    return choice === 'source' ? { key, value: step.source ?? null } : 'dest';
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
        const step = await steps.next();
        if (!step) return finish();
        if (step.kind === 'change') {
          if (unsettled.length === 0) return { key: step.key, value: step.source ?? null };
          continue;
        }
        const settled = settle(step);
        // Once a conflict is unsettled the merge will fail: the rest of the walk only looks for more conflicts.
        if (typeof settled === 'object' && unsettled.length === 0) return settled;
      }
    },
  };
}

/** What a merge under the default strategy would do, found by its own walk without writing anything. */
export interface MergeDryRun {
  /** Keys the merge would change on the destination (conflicting ones aside). */
  changes: number;
  /** The conflicts its ConflictError would list: the first 1000, in key order. */
  conflicts: Conflict[];
  /** More conflicts exist than are listed. */
  conflictsTruncated: boolean;
}

/**
 * The merge's walk over three metaranges, counted instead of applied. Every change the source made since the base
 * lands on the destination unless it conflicts (the destination did not touch that key), so counting the steps
 * gives what applying them would change; a fast-forward of content (destination tree = base) yields the same count.
 */
export async function dryRunMerge(ctx: Ctx, namespace: string, baseId: string, sourceId: string, destId: string): Promise<MergeDryRun> {
  const [base, source, dest] = await Promise.all([
    ctx.trees.readTree(namespace, baseId),
    ctx.trees.readTree(namespace, sourceId),
    ctx.trees.readTree(namespace, destId),
  ]);
  const steps = mergeSteps(ctx, namespace, base, source, dest);
  const result: MergeDryRun = { changes: 0, conflicts: [], conflictsTruncated: false };
  for (let step = await steps.next(); step; step = await steps.next()) {
    if (step.kind === 'change') result.changes++;
    else if (result.conflicts.length < MAX_REPORTED_CONFLICTS) result.conflicts.push(conflictOf(step));
    else result.conflictsTruncated = true;
  }
  return result;
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
