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
