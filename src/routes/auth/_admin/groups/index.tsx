import { createFileRoute } from '@tanstack/react-router';
import { listGroups } from '../../../../api/access-control';
import { PAGE_SIZE } from '../../../../lib/page-sizes';
import { useScreen } from '../../../../lib/use-screen';
import { cursorSearch } from '../../../../lib/search-schemas';
import { liveListSelectionMachines } from '../../../../machines/list-selection';
import { useSimplifiedMode } from '../../../../lib/use-session';
import { GroupsPage } from '../../../../ui/auth/GroupsPage';
import { RouteList } from '../../../../ui/auth/RouteList';

export const Route = createFileRoute('/auth/_admin/groups/')({
  validateSearch: cursorSearch,
  loaderDeps: ({ search }) => ({ after: search.after }),
  loader: ({ deps, abortController }) => listGroups({ after: deps.after, amount: PAGE_SIZE }, abortController.signal),
  component: GroupsRoute,
});

function GroupsRoute() {
  const firstPage = Route.useLoaderData();
  const { after } = Route.useSearch();
  const navigate = Route.useNavigate();
  const simplified = useSimplifiedMode();
  const session = Route.useRouteContext({ select: (context) => context.session });
  const selection = useScreen(liveListSelectionMachines.groups, { session });
  return (
    <RouteList firstPage={firstPage} after={after} fetch={listGroups}>
      {(list) => (
        <GroupsPage list={list} selection={selection} simplified={simplified} after={after} onBackToStart={() => void navigate({ search: {} })} />
      )}
    </RouteList>
  );
}
