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

// The strategy is any string on input so that an unknown one gets lakeFS's own answer ("invalid merge strategy").
export const Merge = z
  .object({
    message: z.string().optional(),
    metadata: z.record(z.string(), z.string({ message: 'metadata values must be strings' })).optional(),
    strategy: z.string().optional().openapi({ enum: [...mergeStrategies] }),
    force: z.boolean().optional(),
    allow_empty: z.boolean().optional(),
    squash_merge: z.boolean().optional(),
  })
  .openapi('Merge');
export type Merge = z.input<typeof Merge>;

export const MergeResult = z.object({ reference: z.string() }).openapi('MergeResult');
export type MergeResult = z.output<typeof MergeResult>;

/** lakeFS answers a conflict with `{"reference": ""}`; the conflicting paths are Tarn's addition. */
export const MergeConflict = z
  .object({ message: z.string(), reference: z.string(), conflicts: z.array(z.string()) })
  .openapi('MergeConflict');
export type MergeConflict = z.output<typeof MergeConflict>;

export const FindMergeBaseResult = z
  .object({ source_commit_id: z.string(), destination_commit_id: z.string(), base_commit_id: z.string() })
  .openapi('FindMergeBaseResult');
export type FindMergeBaseResult = z.output<typeof FindMergeBaseResult>;
