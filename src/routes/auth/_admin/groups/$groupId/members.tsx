import { createFileRoute } from '@tanstack/react-router';
import { listGroupMembers } from '../../../../../api/access-control';
import { PAGE_SIZE } from '../../../../../lib/page-sizes';
import { cursorSearch } from '../../../../../lib/search-schemas';
import { RelationListing } from '../../../-relation';

export const Route = createFileRoute('/auth/_admin/groups/$groupId/members')({
  validateSearch: cursorSearch,
  loaderDeps: ({ search }) => ({ after: search.after }),
  loader: ({ params, deps, abortController }) => listGroupMembers(params.groupId, { after: deps.after, amount: PAGE_SIZE }, abortController.signal),
  component: GroupMembersRoute,
});

function GroupMembersRoute() {
  const { groupId } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <RelationListing
      key={groupId}
      kind="groupMembers"
      owner={groupId}
      firstPage={Route.useLoaderData()}
      after={Route.useSearch().after}
      fetch={(params, signal) => listGroupMembers(groupId, params, signal)}
      onBackToStart={() => void navigate({ search: {} })}
      empty="The group has no members."
    />
  );
}
