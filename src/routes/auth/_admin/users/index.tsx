import { useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useActorRef } from '../../../../lib/root-actors';
import { listUsers } from '../../../../api/access-control';
import { PAGE_SIZE } from '../../../../lib/constants';
import { listSearch } from '../../../../lib/search-schemas';
import { liveListSelectionMachine } from '../../../../machines/list-selection';
import { useSessionSelector } from '../../../../machines/session';
import { KeyedList } from '../../../../ui/auth/KeyedList';
import { UsersPage } from '../../../../ui/auth/UsersPage';
import { useAuthRefresh } from '../../-refresh';

export const Route = createFileRoute('/auth/_admin/users/')({
  validateSearch: listSearch,
  loaderDeps: ({ search }) => ({ prefix: search.prefix, after: search.after }),
  loader: ({ deps, abortController }) => listUsers({ prefix: deps.prefix, after: deps.after, amount: PAGE_SIZE }, abortController.signal),
  component: UsersRoute,
});

function UsersRoute() {
  const firstPage = Route.useLoaderData();
  const loadedAt = Route.useMatch({ select: (match) => match.updatedAt });
  const { prefix, after } = Route.useSearch();
  const navigate = Route.useNavigate();
  const me = useSessionSelector((s) => s.context.user?.id);
  const canInvite = useSessionSelector((s) => s.context.capabilities?.invite_user === true);
  const refresh = useAuthRefresh();
  const [logic] = useState(() => liveListSelectionMachine('users', refresh));
  // The signed-in user's own row is never deleted from here.
  const selection = useActorRef(logic, { input: { protectedIds: me ? [me] : [] } });
  return (
    <KeyedList firstPage={firstPage} loadedAt={loadedAt} prefix={prefix} after={after} fetch={listUsers}>
      {(list) => (
        <UsersPage
          list={list}
          selection={selection}
          canInvite={canInvite}
          prefix={prefix}
          after={after}
          onSearch={(next) => void navigate({ search: { prefix: next || undefined }, replace: true })}
          onBackToStart={() => void navigate({ search: (s) => ({ ...s, after: undefined }) })}
        />
      )}
    </KeyedList>
  );
}
