// Commits: a commit on the wire, the log, and what committing takes.
import { z } from '@hono/zod-openapi';
import { pageOf } from './common';

export const Commit = z
  .object({
    id: z.string(),
    parents: z.array(z.string()),
    committer: z.string(),
    message: z.string(),
    /** Unix seconds. */
    creation_date: z.number().int(),
    /** Empty for the first commit of a repository. */
    meta_range_id: z.string(),
    metadata: z.record(z.string(), z.string()).optional(),
    generation: z.number().int().optional(),
    version: z.number().int().optional(),
  })
  .openapi('Commit');
export type Commit = z.output<typeof Commit>;

export const CommitList = pageOf(Commit, 'CommitList');
export type CommitList = z.output<typeof CommitList>;

export const CommitCreation = z
  .object({
    message: z.string({ message: 'message is required' }),
    metadata: z.record(z.string(), z.string({ message: 'metadata values must be strings' })).optional(),
    date: z.number().int().nonnegative().optional(),
    allow_empty: z.boolean().optional(),
    force: z.boolean().optional(),
  })
  .openapi('CommitCreation');
export type CommitCreation = z.input<typeof CommitCreation>;

/** A whole commit record, stored as given (lakeFS's CreateCommitRecord); Tarn takes it only when `commit_id` is the id of the rest. */
export const CommitRecordCreation = z
  .object({
    commit_id: z.string({ message: 'commit_id is required' }),
    version: z.number({ message: 'version is required' }).int().min(0).max(1),
    committer: z.string({ message: 'committer is required' }),
    message: z.string({ message: 'message is required' }),
    metarange_id: z.string({ message: 'metarange_id is required' }).openapi({ description: 'Empty for the empty tree' }),
    /** Unix seconds. */
    creation_date: z.number({ message: 'creation_date is required' }).int().nonnegative(),
    parents: z.array(z.string(), { message: 'parents is required' }),
    metadata: z.record(z.string(), z.string({ message: 'metadata values must be strings' })).optional(),
    generation: z.number({ message: 'generation is required' }).int().positive(),
    force: z.boolean().optional(),
  })
  .openapi('CommitRecordCreation');
export type CommitRecordCreation = z.input<typeof CommitRecordCreation>;
