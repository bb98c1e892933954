// Diffs and merges: a changed path, a merge's request and its answers.
import { z } from '@hono/zod-openapi';
import { pageOf } from './common';
import { PathType } from './objects';

export const DiffObjectStat = z
  .object({
    checksum: z.string(),
    mtime: z.number().int(),
    content_type: z.string(),
    metadata: z.record(z.string(), z.string()).optional(),
  })
  .openapi('DiffObjectStat');
export type DiffObjectStat = z.output<typeof DiffObjectStat>;

export const DiffType = z.enum(['added', 'removed', 'changed', 'conflict', 'prefix_changed']);
export type DiffType = z.output<typeof DiffType>;

export const Diff = z
  .object({
    type: DiffType,
    path: z.string(),
    path_type: PathType,
    size_bytes: z.number().int().optional(),
    right: DiffObjectStat.optional(),
  })
  .openapi('Diff');
export type Diff = z.output<typeof Diff>;

export const DiffList = pageOf(Diff, 'DiffList');
export type DiffList = z.output<typeof DiffList>;

export const mergeStrategies = ['', 'dest-wins', 'source-wins'] as const;

export const conflictSides = ['source', 'dest'] as const;
export const ConflictSide = z.enum(conflictSides, { message: 'must be source or dest' });
export type ConflictSide = z.output<typeof ConflictSide>;

/** One side of a conflicting path: absent (null) when that side deleted it. */
export const ConflictVersion = z
  .object({ size_bytes: z.number().int(), mtime: z.number().int(), checksum: z.string(), content_type: z.string() })
  .openapi('ConflictVersion');
export type ConflictVersion = z.output<typeof ConflictVersion>;

export const MergeConflictPath = z
  .object({ path: z.string(), source: ConflictVersion.nullable(), dest: ConflictVersion.nullable() })
  .openapi('MergeConflictPath');
export type MergeConflictPath = z.output<typeof MergeConflictPath>;

// The strategy is any string on input so that an unknown one gets lakeFS's own answer ("invalid merge strategy").
export const Merge = z
  .object({
    message: z.string().optional(),
    metadata: z.record(z.string(), z.string({ message: 'metadata values must be strings' })).optional(),
    strategy: z.string().optional().openapi({ enum: [...mergeStrategies] }),
    force: z.boolean().optional(),
    allow_empty: z.boolean().optional(),
    squash_merge: z.boolean().optional(),
    /**
     * Tarn's addition: for paths that conflict under the default strategy, which side wins. The merge applies these
     * choices in its one merge commit; a conflict left without a choice still fails it.
     */
    conflict_resolutions: z.record(z.string(), ConflictSide).optional(),
  })
  .openapi('Merge');
export type Merge = z.input<typeof Merge>;

export const MergeResult = z.object({ reference: z.string() }).openapi('MergeResult');
export type MergeResult = z.output<typeof MergeResult>;

/** lakeFS answers a conflict with `{"reference": ""}`; the conflicting paths, with both sides, are Tarn's addition. */
export const MergeConflict = z
  .object({ message: z.string(), reference: z.string(), conflicts: z.array(MergeConflictPath) })
  .openapi('MergeConflict');
export type MergeConflict = z.output<typeof MergeConflict>;

export const FindMergeBaseResult = z
  .object({ source_commit_id: z.string(), destination_commit_id: z.string(), base_commit_id: z.string() })
  .openapi('FindMergeBaseResult');
export type FindMergeBaseResult = z.output<typeof FindMergeBaseResult>;

/**
 * Tarn's merge dry run (default strategy): the commits it would start from, how many paths it would change, the
 * conflicts its 409 would list (the first 1000), and what would refuse it. Nothing is written to answer it.
 */
export const MergePreview = z
  .object({
    source_commit_id: z.string(),
    destination_commit_id: z.string(),
    base_commit_id: z.string(),
    changes: z.number().int(),
    fast_forward: z.boolean(),
    nothing_to_merge: z.boolean(),
    conflicts: z.array(MergeConflictPath),
    conflicts_truncated: z.boolean(),
    destination_dirty: z.boolean(),
    destination_protected: z.boolean().openapi({ description: 'Direct commits are refused; merges are still taken' }),
    read_only: z.boolean(),
  })
  .openapi('MergePreview');
export type MergePreview = z.output<typeof MergePreview>;
