import { createFileRoute } from '@tanstack/react-router';
import { listUserPolicies } from '../../../../../../api/access-control';
import { PAGE_SIZE } from '../../../../../../lib/page-sizes';
import { cursorSearch } from '../../../../../../lib/search-schemas';
import { RelationListing } from '../../../../-relation';

// Read-only: the user's own policies and those of the user's groups.
export const Route = createFileRoute('/auth/_admin/users/$userId/policies/effective')({
  validateSearch: cursorSearch,
  loaderDeps: ({ search }) => ({ after: search.after }),
  loader: ({ params, deps, abortController }) =>
    listUserPolicies(params.userId, { effective: true, after: deps.after, amount: PAGE_SIZE }, abortController.signal),
  component: EffectivePoliciesRoute,
});

function EffectivePoliciesRoute() {
  const { userId } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <RelationListing
      key={userId}
      kind="userPolicies"
      owner={userId}
      readOnly
      label="Effective Attached Policies"
      firstPage={Route.useLoaderData()}
      after={Route.useSearch().after}
      fetch={(params, signal) => listUserPolicies(userId, { ...params, effective: true }, signal)}
      onBackToStart={() => void navigate({ search: {} })}
      empty="No policy applies to the user."
    />
  );
}
