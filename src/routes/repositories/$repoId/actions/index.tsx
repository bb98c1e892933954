import { useCallback, useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useActorRef } from '../../../../lib/root-actors';
import { listActionRuns } from '../../../../api/actions';
import type { ActionRun, Page } from '../../../../api/types';
import { PAGE_SIZE } from '../../../../lib/page-sizes';
import { actionRunsSearch } from '../../../../lib/search-schemas';
import { liveActionRunList } from '../../../../machines/action-runs';
import { ActionRunsPage, type RunFilter } from '../../../../ui/actions/ActionRunsPage';
import { RouteErrorAlert } from '../../../../ui/components/RouteErrorAlert';

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
  // Each load (another cursor or filter, an invalidation) starts the list over with what it read.
  const loadedAt = Route.useMatch({ select: (match) => match.updatedAt });
  const { after, branch, commit } = Route.useSearch();
  const navigate = Route.useNavigate();
  const onFilter = useCallback(
    (filter: RunFilter, value: string | undefined) =>
      void navigate({ search: (prev) => ({ ...prev, [filter]: value, after: undefined }) }),
    [navigate],
  );
  return (
    <ActionRunList
      key={loadedAt}
      repoId={repoId}
      firstPage={firstPage}
      after={after}
      branch={branch}
      commit={commit}
      onFilter={onFilter}
      onBackToStart={() => void navigate({ search: (prev) => ({ ...prev, after: undefined }) })}
    />
  );
}

interface ActionRunListProps {
  repoId: string;
  firstPage: Page<ActionRun>;
  after?: string;
  branch?: string;
  commit?: string;
  onFilter: (filter: RunFilter, value: string | undefined) => void;
  onBackToStart: () => void;
}

function ActionRunList({ repoId, firstPage, after, branch, commit, onFilter, onBackToStart }: ActionRunListProps) {
  // Fixed for this load: other filters make a new list.
  const [logic] = useState(() => liveActionRunList(repoId, { branch, commit }));
  const runs = useActorRef(logic, { input: { firstPage, startAfter: after } });
  return (
    <ActionRunsPage
      runs={runs}
      repoId={repoId}
      branch={branch}
      commit={commit}
      after={after}
      onFilter={onFilter}
      onBackToStart={onBackToStart}
    />
  );
}
