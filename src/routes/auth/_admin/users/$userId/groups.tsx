import { createFileRoute } from '@tanstack/react-router';
import { listUserGroups } from '../../../../../api/access-control';
import { PAGE_SIZE } from '../../../../../lib/page-sizes';
import { cursorSearch } from '../../../../../lib/search-schemas';
import { RelationListing } from '../../../-relation';

export const Route = createFileRoute('/auth/_admin/users/$userId/groups')({
  validateSearch: cursorSearch,
  loaderDeps: ({ search }) => ({ after: search.after }),
  loader: ({ params, deps, abortController }) => listUserGroups(params.userId, { after: deps.after, amount: PAGE_SIZE }, abortController.signal),
  component: UserGroupsRoute,
});

function UserGroupsRoute() {
  const { userId } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <RelationListing
      key={userId}
      kind="userGroups"
      owner={userId}
      firstPage={Route.useLoaderData()}
      after={Route.useSearch().after}
      fetch={(params, signal) => listUserGroups(userId, params, signal)}
      onBackToStart={() => void navigate({ search: {} })}
      empty="The user is in no group."
    />
  );
}
