// The pull-request list: the paged list over the real API, showing one status (or all).
import { fromPromise } from 'xstate';
import { listPullRequests } from '../../api/pulls';
import type { Page, PullRequest, PullRequestStatusFilter } from '../../api/types';
import { pagedListMachine, type PageRequest } from '../paged-list';

export function livePullRequestList(repoId: string, status: PullRequestStatusFilter) {
  const fetchPage = fromPromise<Page<PullRequest>, PageRequest>(({ input, signal }) =>
    listPullRequests(repoId, { status, after: input.after, amount: input.amount }, signal),
  );
  return pagedListMachine<PullRequest>().provide({ actors: { fetchPage } });
}
