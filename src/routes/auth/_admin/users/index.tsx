import { useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { listUsers } from '../../../../api/access-control';
import { PAGE_SIZE } from '../../../../lib/page-sizes';
import { useScreen } from '../../../../lib/use-screen';
import { listSearch } from '../../../../lib/search-schemas';
import { liveListSelectionMachines } from '../../../../machines/list-selection';
import { prefixSearchMachine } from '../../../../machines/prefix-search';
import { useSessionSelector } from '../../../../lib/use-session';
import { RouteList } from '../../../../ui/auth/RouteList';
import { UsersPage } from '../../../../ui/auth/UsersPage';

export const Route = createFileRoute('/auth/_admin/users/')({
  validateSearch: listSearch,
  loaderDeps: ({ search }) => ({ prefix: search.prefix, after: search.after }),
  loader: ({ deps, abortController }) => listUsers({ prefix: deps.prefix, after: deps.after, amount: PAGE_SIZE }, abortController.signal),
  component: UsersRoute,
});

function UsersRoute() {
  const firstPage = Route.useLoaderData();
  const { prefix, after } = Route.useSearch();
  const navigate = Route.useNavigate();
  const me = useSessionSelector((s) => s.context.user?.id);
  const canInvite = useSessionSelector((s) => s.context.capabilities?.invite_user === true);
  const session = Route.useRouteContext({ select: (context) => context.session });
  // The signed-in user's own row is never deleted from here.
  const protectedIds = useMemo(() => (me ? [me] : []), [me]);
  const selection = useScreen(liveListSelectionMachines.users, { session, protectedIds });
  const search = useScreen(prefixSearchMachine, { prefix });
  return (
    <RouteList firstPage={firstPage} prefix={prefix} after={after} fetch={listUsers}>
      {(list) => (
        <UsersPage
          list={list}
          selection={selection}
          canInvite={canInvite}
          prefix={prefix}
          after={after}
          search={search}
          onBackToStart={() => void navigate({ search: (s) => ({ ...s, after: undefined }) })}
        />
      )}
    </RouteList>
  );
}
