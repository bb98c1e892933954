import { applyChanges } from './apply';
import { commitOnTop, makeCommit } from './commit-manager';
import type { Ctx } from './context';
import { InvalidRefError, NoChangesError, NotFoundError, ParentNumberRequiredError } from '../errors';
import { importChanges } from './import-changes';
import { TreeIterator } from './iterators';
import { findMergeBase } from './merge-base';
import { mergeTrees, refuseResolutions } from './merge';
import type { CherryPickOptions, Commit, CommitOptions, MergeOptions, MergeStrategy, RevertOptions } from './types';

/** Builds the commit to put on top of a branch head; rerun when the head moves before the branch is updated. */
export type CommitBuilder = (head: Commit) => Promise<Commit>;

const STRATEGY_NAME: Record<MergeStrategy, string> = { '': 'default', 'dest-wins': 'dest-wins', 'source-wins': 'source-wins' };

/** The tree of a commit's chosen parent (1-based); merge commits must say which. */
export async function parentTree(ctx: Ctx, repo: string, c: Commit, parentNumber: number | undefined, missingKind: 'bad_request' | 'conflict'): Promise<string> {
  if (c.parents.length > 1 && parentNumber === undefined) throw new ParentNumberRequiredError(missingKind);
  const n = parentNumber ?? 1;
  if (c.parents.length === 0 && n === 1) return '';
  const parent = c.parents[n - 1];
  if (n < 1 || parent === undefined) throw new InvalidRefError('parent out of range');
  return (await ctx.refs.commit(repo, parent)).metaRangeId;
}

/** A three-way merge of `source` into the head, with two parents (one when squashed). */
export function mergeCommit(
  ctx: Ctx,
  repo: string,
  namespace: string,
  source: Commit,
  names: { source: string; destination: string },
  o: MergeOptions,
): CommitBuilder {
  const strategy = o.strategy ?? '';
  return async (head) => {
    const baseId = await findMergeBase(ctx.refs, repo, source.id, head.id);
    if (baseId === undefined) throw new NotFoundError('merge base');
    const base = await ctx.refs.commit(repo, baseId);
    if (source.metaRangeId === base.metaRangeId && !o.allowEmpty && !o.force) {
      refuseResolutions(o.resolutions);
      throw new NoChangesError();
    }
    let metaRangeId: string;
    if (head.metaRangeId === base.metaRangeId) {
      // Nothing happened on the destination since the base: the source tree is the result, and nothing conflicts.
      refuseResolutions(o.resolutions);
      metaRangeId = source.metaRangeId;
    } else {
      const policy = { strategy, ...(o.resolutions ? { resolutions: o.resolutions } : {}) };
      const merged = await mergeTrees(ctx, namespace, base.metaRangeId, source.metaRangeId, head.metaRangeId, policy);
      metaRangeId = await ctx.trees.writeMetaRange(namespace, merged.tree);
    }
    return makeCommit({
      parents: o.squashMerge ? [head.id] : [head.id, source.id],
      committer: o.committer,
      message: o.message || `Merge '${names.source}' into '${names.destination}'`,
      creationDate: ctx.now(),
      metaRangeId,
      metadata: { ...(o.metadata ?? {}), '.lakefs.merge.strategy': STRATEGY_NAME[strategy] },
      generation: Math.max(head.generation, source.generation) + 1,
    });
  };
}

/** The inverse of `target` against the chosen parent's tree, applied to the head. */
export function revertCommit(ctx: Ctx, namespace: string, target: Commit, parent: string, ref: string, o: RevertOptions): CommitBuilder {
  return async (head) => {
    const merged = await mergeTrees(ctx, namespace, target.metaRangeId, parent, head.metaRangeId, { strategy: '' });
    if (merged.changed === 0 && !o.allowEmpty) throw new NoChangesError();
    return makeCommit({
      parents: [head.id],
      committer: o.committer,
      message: o.overrides?.message || `Revert ${ref}`,
      creationDate: ctx.now(),
      metaRangeId: await ctx.trees.writeMetaRange(namespace, merged.tree),
      metadata: o.overrides?.metadata ?? {},
      generation: head.generation + 1,
    });
  };
}

/** The changes of `picked` relative to the chosen parent's tree, applied to the head, keeping its message. */
export function cherryPickCommit(ctx: Ctx, namespace: string, picked: Commit, parent: string, o: CherryPickOptions): CommitBuilder {
  return async (head) => {
    const merged = await mergeTrees(ctx, namespace, parent, picked.metaRangeId, head.metaRangeId, { strategy: '' });
    if (merged.changed === 0) throw new NoChangesError();
    return makeCommit({
      parents: [head.id],
      committer: o.committer,
      message: o.overrides?.message ?? picked.message,
      creationDate: ctx.now(),
      metaRangeId: await ctx.trees.writeMetaRange(namespace, merged.tree),
      metadata: {
        ...(o.overrides?.metadata ?? picked.metadata),
        'cherry-pick-origin': picked.id,
        'cherry-pick-committer': picked.committer,
      },
      generation: head.generation + 1,
    });
  };
}

/** A given metarange as the next commit (`source_metarange`). */
export function metaRangeCommit(ctx: Ctx, metaRangeId: string, o: CommitOptions): CommitBuilder {
  return async (head) => {
    if (head.metaRangeId === metaRangeId && !o.allowEmpty) throw new NoChangesError();
    return commitOnTop(ctx, head, metaRangeId, o);
  };
}

export interface ImportOptions extends CommitOptions {
  /** Destination prefixes the import replaces: other committed keys under them are removed. */
  replacePrefixes?: string[];
  /** Stops the commit's build (the server is closing). */
  signal?: AbortSignal;
}

/**
 * An imported tree written over the head as one source-wins commit. The tree is read again whenever the head moved
 * before the branch did, so a commit elsewhere on the branch meanwhile costs a rebuild, never the import.
 */
export function importCommit(ctx: Ctx, namespace: string, importedMetaRangeId: string, o: ImportOptions): CommitBuilder {
  return async (head) => {
    const base = await ctx.trees.readTree(namespace, head.metaRangeId);
    const imported = new TreeIterator(ctx.trees, namespace, await ctx.trees.readTree(namespace, importedMetaRangeId));
    const changes = importChanges(ctx, namespace, base, imported, o.replacePrefixes ?? [], o.signal);
    const applied = await applyChanges(ctx.trees, namespace, base, changes, ctx.raggedness);
    if (applied.changed === 0 && !o.allowEmpty) throw new NoChangesError();
    return makeCommit({
      parents: [head.id],
      committer: o.committer,
      message: o.message || 'Import objects',
      creationDate: o.date ?? ctx.now(),
      metaRangeId: await ctx.trees.writeMetaRange(namespace, applied.tree),
      metadata: { ...(o.metadata ?? {}), '.lakefs.merge.strategy': 'source-wins' },
      generation: head.generation + 1,
    });
  };
}
