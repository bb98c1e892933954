// Branches and tags: a ref on the wire, and the bodies of the calls that create, reset or rewrite them.
import { z } from '@hono/zod-openapi';
import { refValue } from '../params';
import { pageOf, Pagination } from './common';

/** A branch or a tag: a name and the commit it points to. */
export const Ref = z.object({ id: z.string(), commit_id: z.string() }).openapi('Ref');
export type Ref = z.output<typeof Ref>;

export const RefList = pageOf(Ref, 'RefList');
export type RefList = z.output<typeof RefList>;

/** Tarn's own: a branch beside the default branch (counts stop above 1000; a capped count means at least that many). */
export const BranchSummary = z
  .object({
    id: z.string(),
    commit_id: z.string(),
    commit_creation_date: z.number().int().openapi({ description: "The head commit's creation time, unix seconds" }),
    ahead: z.number().int().openapi({ description: 'Commits of the branch that the default branch lacks' }),
    behind: z.number().int().openapi({ description: 'Commits of the default branch that the branch lacks' }),
    ahead_capped: z.boolean().openapi({ description: 'Counting stopped: there are at least `ahead` commits, likely more' }),
    behind_capped: z.boolean().openapi({ description: 'Counting stopped: there are at least `behind` commits, likely more' }),
    merged: z.boolean().openapi({ description: 'Every commit of the branch is on the default branch; never the default branch itself' }),
  })
  .openapi('BranchSummary');
export type BranchSummary = z.output<typeof BranchSummary>;

export const BranchSummaryList = z
  .object({
    default_branch: z.string().openapi({ description: 'The branch the counts are taken against' }),
    pagination: Pagination,
    results: z.array(BranchSummary),
  })
  .openapi('BranchSummaryList');
export type BranchSummaryList = z.output<typeof BranchSummaryList>;

export const BranchCreation = z
  .object({
    name: z.string({ message: 'name is required' }),
    source: refValue,
    force: z.boolean().optional(),
    hidden: z.boolean().optional(),
  })
  .openapi('BranchCreation');
export type BranchCreation = z.input<typeof BranchCreation>;

export const TagCreation = z
  .object({ id: z.string({ message: 'id is required' }), ref: refValue, force: z.boolean().optional() })
  .openapi('TagCreation');
export type TagCreation = z.input<typeof TagCreation>;

export const resetTypes = ['reset', 'object', 'common_prefix'] as const;

// The type is any string on input so that an unknown one gets lakeFS's own answer ("unknown reset type").
export const ResetCreation = z
  .object({
    type: z.string({ message: 'type is required' }).openapi({ enum: [...resetTypes] }),
    path: z.string().optional(),
    force: z.boolean().optional(),
  })
  .openapi('ResetCreation');
export type ResetCreation = z.input<typeof ResetCreation>;

const CommitOverrides = z
  .object({ message: z.string().optional(), metadata: z.record(z.string(), z.string()).optional() })
  .openapi('CommitOverrides');

export const RevertCreation = z
  .object({
    ref: refValue,
    // Required, as lakeFS requires it: 0 for a commit with one parent.
    parent_number: z.number({ message: 'parent_number is required' }).int().min(0),
    commit_overrides: CommitOverrides.optional(),
    force: z.boolean().optional(),
    allow_empty: z.boolean().optional(),
  })
  .openapi('RevertCreation');
export type RevertCreation = z.input<typeof RevertCreation>;

export const CherryPickCreation = z
  .object({
    ref: refValue,
    parent_number: z.number().int().min(0).optional(),
    commit_overrides: CommitOverrides.optional(),
    force: z.boolean().optional(),
  })
  .openapi('CherryPickCreation');
export type CherryPickCreation = z.input<typeof CherryPickCreation>;
