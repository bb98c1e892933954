import { createFileRoute } from '@tanstack/react-router';
import { listGroupPolicies } from '../../../../../api/access-control';
import { PAGE_SIZE } from '../../../../../lib/page-sizes';
import { cursorSearch } from '../../../../../lib/search-schemas';
import { RelationListing } from '../../../-relation';

export const Route = createFileRoute('/auth/_admin/groups/$groupId/policies')({
  validateSearch: cursorSearch,
  loaderDeps: ({ search }) => ({ after: search.after }),
  loader: ({ params, deps, abortController }) => listGroupPolicies(params.groupId, { after: deps.after, amount: PAGE_SIZE }, abortController.signal),
  component: GroupPoliciesRoute,
});

function GroupPoliciesRoute() {
  const { groupId } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <RelationListing
      key={groupId}
      kind="groupPolicies"
      owner={groupId}
      firstPage={Route.useLoaderData()}
      after={Route.useSearch().after}
      fetch={(params, signal) => listGroupPolicies(groupId, params, signal)}
      onBackToStart={() => void navigate({ search: {} })}
      empty="No policy is attached to the group."
    />
  );
}
