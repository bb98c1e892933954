import { useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { listPullRequests } from '../../../../api/pulls';
import { PAGE_SIZE } from '../../../../lib/page-sizes';
import { useScreen } from '../../../../lib/use-screen';
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
  const { status = 'open', after } = Route.useSearch();
  const navigate = Route.useNavigate();
  // One object per status: the list hears of a new source only when the status moved.
  const source = useMemo(() => ({ repoId, status }), [repoId, status]);
  // Each load (another status or cursor, an invalidation) starts the list over with what it read.
  const pulls = useScreen(livePullRequestList, { source, firstPage, startAfter: after });
  return (
    <PullRequestsPage
      repoId={repoId}
      pulls={pulls}
      status={status}
      after={after}
      onCreate={() => void navigate({ to: '/repositories/$repoId/pulls/create', params: { repoId }, search: (prev) => ({ ref: prev.ref }) })}
      onBackToStart={() => void navigate({ search: (prev) => ({ ...prev, after: undefined }) })}
    />
  );
}
