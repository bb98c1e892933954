// The pull-request list: the paged list over the real API, showing one status (or all).
import { listPullRequests } from '../../api/pulls';
import type { PullRequest, PullRequestStatusFilter } from '../../api/types';
import { pagedListOver } from '../paged-list';

/** Whose pull requests the list shows, and of which status. */
export interface PullRequestSource {
  repoId: string;
  status: PullRequestStatusFilter;
}

export const livePullRequestList = pagedListOver<PullRequest, PullRequestSource>(({ repoId, status }, { after, amount }, signal) =>
  listPullRequests(repoId, { status, after, amount }, signal),
);
