import { useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useActorRef } from '../../../../lib/root-actors';
import { listGroups } from '../../../../api/access-control';
import { PAGE_SIZE } from '../../../../lib/constants';
import { cursorSearch } from '../../../../lib/search-schemas';
import { liveListSelectionMachine } from '../../../../machines/list-selection';
import { useSimplifiedMode } from '../../../../machines/session';
import { GroupsPage } from '../../../../ui/auth/GroupsPage';
import { KeyedList } from '../../../../ui/auth/KeyedList';
import { useAuthRefresh } from '../../-refresh';

export const Route = createFileRoute('/auth/_admin/groups/')({
  validateSearch: cursorSearch,
  loaderDeps: ({ search }) => ({ after: search.after }),
  loader: ({ deps, abortController }) => listGroups({ after: deps.after, amount: PAGE_SIZE }, abortController.signal),
  component: GroupsRoute,
});

function GroupsRoute() {
  const firstPage = Route.useLoaderData();
  const loadedAt = Route.useMatch({ select: (match) => match.updatedAt });
  const { after } = Route.useSearch();
  const navigate = Route.useNavigate();
  const simplified = useSimplifiedMode();
  const refresh = useAuthRefresh();
  const [logic] = useState(() => liveListSelectionMachine('groups', refresh));
  const selection = useActorRef(logic, { input: {} });
  return (
    <KeyedList firstPage={firstPage} loadedAt={loadedAt} after={after} fetch={listGroups}>
      {(list) => (
        <GroupsPage list={list} selection={selection} simplified={simplified} after={after} onBackToStart={() => void navigate({ search: {} })} />
      )}
    </KeyedList>
  );
}
