import { useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useActorRef } from '../../../../lib/root-actors';
import { listPullRequests } from '../../../../api/pulls';
import type { Page, PullRequest, PullRequestStatusFilter } from '../../../../api/types';
import { PAGE_SIZE } from '../../../../lib/page-sizes';
import { pullRequestsSearch } from '../../../../lib/search-schemas';
import { livePullRequestList } from '../../../../machines/pull-requests';
import { RouteErrorAlert } from '../../../../ui/components/RouteErrorAlert';
import { PullRequestsPage } from '../../../../ui/pulls/PullRequestsPage';

export const Route = createFileRoute('/repositories/$repoId/pulls/')({
  validateSearch: pullRequestsSearch,
  loaderDeps: ({ search }) => ({ status: search.status ?? 'open', after: search.after }),
  loader: ({ params, deps, abortController }) =>
    listPullRequests(params.repoId, { ...deps, amount: PAGE_SIZE }, abortController.signal),
  component: PullRequestsRoute,
  errorComponent: RouteErrorAlert,
});

function PullRequestsRoute() {
  const { repoId } = Route.useParams();
  const firstPage = Route.useLoaderData();
  // Each load (another status or cursor, an invalidation) starts the list over with what it read.
  const loadedAt = Route.useMatch({ select: (match) => match.updatedAt });
  const { status = 'open', after } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <PullRequestList
      key={loadedAt}
      repoId={repoId}
      firstPage={firstPage}
      status={status}
      after={after}
      onCreate={() => void navigate({ to: '/repositories/$repoId/pulls/create', params: { repoId }, search: (prev) => ({ ref: prev.ref }) })}
      onBackToStart={() => void navigate({ search: (prev) => ({ ...prev, after: undefined }) })}
    />
  );
}

interface PullRequestListProps {
  repoId: string;
  firstPage: Page<PullRequest>;
  status: PullRequestStatusFilter;
  after?: string;
  onCreate: () => void;
  onBackToStart: () => void;
}

function PullRequestList({ repoId, firstPage, status, after, onCreate, onBackToStart }: PullRequestListProps) {
  // Fixed for this load: another status makes a new list.
  const [logic] = useState(() => livePullRequestList(repoId, status));
  const pulls = useActorRef(logic, { input: { firstPage, startAfter: after } });
  return <PullRequestsPage repoId={repoId} pulls={pulls} status={status} after={after} onCreate={onCreate} onBackToStart={onBackToStart} />;
}
