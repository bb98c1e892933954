// Pull requests (lakeFS's experimental pulls API): a proposal to merge one branch into another, with a title and a
// description, that is open until it is merged or closed.
import { z } from '@hono/zod-openapi';
import { Merge } from './diff-merge';
import { pageOf } from './common';

export const pullRequestStatuses = ['open', 'closed', 'merged'] as const;
export const PullRequestStatus = z.enum(pullRequestStatuses, { message: 'status must be open, closed or merged' });
export type PullRequestStatus = z.output<typeof PullRequestStatus>;

/** The listing's filter: `all` (the default) or one status. */
export const pullRequestStatusFilters = ['open', 'closed', 'all'] as const;

export const PullRequest = z
  .object({
    id: z.string(),
    status: PullRequestStatus,
    title: z.string(),
    /** Markdown; the console renders it sanitised. */
    description: z.string(),
    /** ISO 8601 date-time. */
    creation_date: z.string(),
    author: z.string(),
    source_branch: z.string(),
    destination_branch: z.string(),
    /** The merge commit, once merged. */
    merged_commit_id: z.string().optional(),
    /** ISO 8601 date-time of the last close or merge; absent while open. */
    closed_date: z.string().optional(),
  })
  .openapi('PullRequest');
export type PullRequest = z.output<typeof PullRequest>;

export const PullRequestsList = pageOf(PullRequest, 'PullRequestsList');
export type PullRequestsList = z.output<typeof PullRequestsList>;

export const PullRequestCreation = z
  .object({
    title: z.string({ message: 'title is required' }).trim().min(1, { message: 'title is required' }),
    description: z.string().optional(),
    source_branch: z.string({ message: 'source_branch is required' }).min(1, { message: 'source_branch is required' }),
    destination_branch: z
      .string({ message: 'destination_branch is required' })
      .min(1, { message: 'destination_branch is required' }),
  })
  .openapi('PullRequestCreation');
export type PullRequestCreation = z.input<typeof PullRequestCreation>;

export const PullRequestCreationResponse = z.object({ id: z.string() }).openapi('PullRequestCreationResponse');
export type PullRequestCreationResponse = z.output<typeof PullRequestCreationResponse>;

/**
 * PATCH's body: any of title, description and status. Status moves only between open and closed (close, reopen);
 * `merged` is reached by merging, and a merged pull request no longer changes status.
 */
export const PullRequestBasic = z
  .object({
    status: PullRequestStatus.optional(),
    title: z.string().trim().min(1, { message: 'title must not be empty' }).optional(),
    description: z.string().optional(),
  })
  .openapi('PullRequestBasic');
export type PullRequestBasic = z.input<typeof PullRequestBasic>;

/**
 * PUT .../merge takes no body in lakeFS; Tarn accepts the merge's optional fields (strategy, force,
 * conflict_resolutions, message, metadata) so the console's merge flow can settle conflicts as on Compare.
 */
export const PullRequestMerge = Merge.openapi('PullRequestMerge');
export type PullRequestMerge = z.input<typeof PullRequestMerge>;
