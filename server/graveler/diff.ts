import type { Ctx } from './context';
import { sameIdentity } from './codec';
import { stagedChanges } from './staging';
import { joinByKey } from './join';
import type { BranchRecord } from './records';
import { diffTrees, type TreeChange } from './tree-diff';
import { lookupInTree } from './tree-lookup';
import type { ObjectEntry } from './types';

/** One object-level difference, in key order. */
export interface DiffRec {
  key: string;
  type: 'added' | 'removed' | 'changed' | 'conflict';
  left?: ObjectEntry;
  right?: ObjectEntry;
}

export interface DiffIterator {
  next(): Promise<DiffRec | undefined>;
}

function classify(key: string, left: ObjectEntry | undefined, right: ObjectEntry | undefined): DiffRec | undefined {
  if (left === undefined && right === undefined) return undefined;
  if (left === undefined) return { key, type: 'added', right };
  if (right === undefined) return { key, type: 'removed', left };
  if (sameIdentity(left, right)) return undefined;
  return { key, type: 'changed', left, right };
}

function fromTreeChanges(it: { next(): Promise<TreeChange | undefined> }): DiffIterator {
  return {
    async next() {
      for (;;) {
        const c = await it.next();
        if (!c) return undefined;
        const d = classify(c.key, c.left, c.right);
        if (d) return d;
      }
    },
  };
}

/** Two committed trees as they are. */
export function diffCommitted(ctx: Ctx, namespace: string, leftMetaRange: string, rightMetaRange: string, from: string): Promise<DiffIterator> {
  return (async () => {
    const [left, right] = await Promise.all([
      ctx.trees.readTree(namespace, leftMetaRange),
      ctx.trees.readTree(namespace, rightMetaRange),
    ]);
    return fromTreeChanges(diffTrees(ctx.trees, namespace, left, right, from));
  })();
}

/**
 * A branch's staging against a committed tree (its own head for the uncommitted diff). Each staged key is looked
 * up in the tree; tombstones of absent keys and values equal to the committed ones are not changes.
 */
export async function diffStaging(
  ctx: Ctx,
  repo: string,
  namespace: string,
  branch: BranchRecord,
  metaRangeId: string,
  from: string,
): Promise<DiffIterator> {
  const staged = stagedChanges(ctx, repo, branch, from);
  return {
    async next() {
      for (;;) {
        const s = await staged.next();
        if (!s) return undefined;
        const committed = await lookupInTree(ctx, namespace, metaRangeId, s.key);
        const d = classify(s.key, committed, s.value ?? undefined);
        if (d) return d;
      }
    },
  };
}

/**
 * A committed tree (left) against a branch with its staging on top (right, `branch$`): the committed difference,
 * overridden key by key by the staged values.
 */
export async function diffAgainstStaging(
  ctx: Ctx,
  repo: string,
  namespace: string,
  leftMetaRange: string,
  branch: BranchRecord,
  from: string,
): Promise<DiffIterator> {
  const head = await ctx.refs.commit(repo, branch.commitId);
  const committed = await diffCommitted(ctx, namespace, leftMetaRange, head.metaRangeId, from);
  const joined = joinByKey(committed, stagedChanges(ctx, repo, branch, from));
  return {
    async next() {
      for (;;) {
        const j = await joined.next();
        if (!j) return undefined;
        if (!j.b) return j.a as DiffRec;
        const left = j.a ? j.a.left : await lookupInTree(ctx, namespace, leftMetaRange, j.key);
        const d = classify(j.key, left, j.b.value ?? undefined);
        if (d) return d;
      }
    },
  };
}

/**
 * Three-dot compare: what right changed since the merge base, relative to left. A key both sides changed
 * differently is a conflict; a key only left changed is not reported.
 */
export async function diffThreeDot(
  ctx: Ctx,
  namespace: string,
  baseMetaRange: string,
  leftMetaRange: string,
  rightMetaRange: string,
  from: string,
): Promise<DiffIterator> {
  const [ofRight, ofLeft] = await Promise.all([
    diffCommitted(ctx, namespace, baseMetaRange, rightMetaRange, from),
    diffCommitted(ctx, namespace, baseMetaRange, leftMetaRange, from),
  ]);
  const joined = joinByKey(ofRight, ofLeft);
  return {
    async next() {
      for (;;) {
        const j = await joined.next();
        if (!j) return undefined;
        if (!j.a) continue;
        if (!j.b) return j.a;
        const r = j.a.right;
        const l = j.b.right;
        if (r === undefined && l === undefined) continue;
        if (r !== undefined && l !== undefined && sameIdentity(r, l)) continue;
        return { key: j.key, type: 'conflict', left: l, right: r };
      }
    },
  };
}
