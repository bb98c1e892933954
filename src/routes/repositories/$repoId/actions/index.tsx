import { useCallback, useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { listActionRuns } from '../../../../api/actions';
import { PAGE_SIZE } from '../../../../lib/page-sizes';
import { useScreen } from '../../../../lib/use-screen';
import { actionRunsSearch } from '../../../../lib/search-schemas';
import { liveActionRunsMachine, runsList } from '../../../../machines/action-runs';
import { ActionRunsPage, type RunFilter } from '../../../../ui/actions/ActionRunsPage';
import { RouteErrorAlert } from '../../../../ui/components/RouteErrorAlert';
import { useLive } from '../../../../ui/repository/LiveContext';

export const Route = createFileRoute('/repositories/$repoId/actions/')({
  validateSearch: actionRunsSearch,
  loaderDeps: ({ search }) => ({ after: search.after, branch: search.branch, commit: search.commit }),
  loader: ({ params, deps, abortController }) =>
    listActionRuns(params.repoId, { ...deps, amount: PAGE_SIZE }, abortController.signal),
  component: ActionRunsRoute,
  errorComponent: RouteErrorAlert,
});

function ActionRunsRoute() {
  const { repoId } = Route.useParams();
  const firstPage = Route.useLoaderData();
  const { after, branch, commit } = Route.useSearch();
  const navigate = Route.useNavigate();
  // One object per filter: the list hears of a new source only when the filter moved.
  const source = useMemo(() => ({ repoId, branch, commit }), [repoId, branch, commit]);
  const live = useLive();
  // Each load (another cursor or filter, an invalidation, a run started or ended) starts the list over with what it read.
  const screen = useScreen(liveActionRunsMachine, { source, firstPage, startAfter: after, live });
  const runs = useSelector(screen, runsList);
  const onFilter = useCallback(
    (filter: RunFilter, value: string | undefined) =>
      void navigate({ search: (prev) => ({ ...prev, [filter]: value, after: undefined }) }),
    [navigate],
  );
  return (
    <ActionRunsPage
      runs={runs}
      repoId={repoId}
      branch={branch}
      commit={commit}
      after={after}
      onFilter={onFilter}
      onBackToStart={() => void navigate({ search: (prev) => ({ ...prev, after: undefined }) })}
    />
  );
}
