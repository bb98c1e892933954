import { createFileRoute } from '@tanstack/react-router';
import { listBranches } from '../../../api/branches';
import { PAGE_SIZE } from '../../../lib/page-sizes';
import { listSearch } from '../../../lib/search-schemas';
import { RouteErrorAlert } from '../../../ui/components/RouteErrorAlert';
import { useRepository } from '../../../ui/repository/RepositoryContext';
import { RefsListing } from './-refs-listing';

export const Route = createFileRoute('/repositories/$repoId/branches')({
  validateSearch: listSearch,
  loaderDeps: ({ search }) => ({ prefix: search.prefix, after: search.after }),
  loader: ({ params, deps, abortController }) =>
    listBranches(params.repoId, { prefix: deps.prefix, after: deps.after, amount: PAGE_SIZE }, abortController.signal),
  component: BranchesRoute,
  errorComponent: RouteErrorAlert,
});

function BranchesRoute() {
  const { repo } = useRepository();
  const firstPage = Route.useLoaderData();
  const { prefix, after } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <RefsListing
      kind="branch"
      repo={repo}
      firstPage={firstPage}
      prefix={prefix}
      after={after}
      onBackToStart={() => void navigate({ search: (s) => ({ ...s, after: undefined }) })}
    />
  );
}
