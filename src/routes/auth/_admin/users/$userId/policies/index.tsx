import { createFileRoute } from '@tanstack/react-router';
import { listUserPolicies } from '../../../../../../api/access-control';
import { PAGE_SIZE } from '../../../../../../lib/page-sizes';
import { cursorSearch } from '../../../../../../lib/search-schemas';
import { RelationListing } from '../../../../-relation';

export const Route = createFileRoute('/auth/_admin/users/$userId/policies/')({
  validateSearch: cursorSearch,
  loaderDeps: ({ search }) => ({ after: search.after }),
  loader: ({ params, deps, abortController }) =>
    listUserPolicies(params.userId, { after: deps.after, amount: PAGE_SIZE }, abortController.signal),
  component: UserPoliciesRoute,
});

function UserPoliciesRoute() {
  const { userId } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <RelationListing
      key={userId}
      kind="userPolicies"
      owner={userId}
      firstPage={Route.useLoaderData()}
      after={Route.useSearch().after}
      fetch={(params, signal) => listUserPolicies(userId, params, signal)}
      onBackToStart={() => void navigate({ search: {} })}
      empty="No policy is attached to the user directly."
    />
  );
}
