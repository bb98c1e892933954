import { createFileRoute } from '@tanstack/react-router';
import { getCommit } from '../../../../api/commits';
import { NotFoundError } from '../../../../api/client';
import { ErrorAlert } from '../../../../ui/components/ErrorAlert';
import { optionalString } from '../../../../ui/components/searchParams';
import { CommitDetailPage } from '../../../../ui/commits/CommitDetailPage';
import { useRepository } from '../../../../ui/repository/RepositoryContext';

interface CommitSearch {
  prefix?: string;
}

export const Route = createFileRoute('/repositories/$repoId/commits/$commitId')({
  validateSearch: (search: Record<string, unknown>): CommitSearch => ({ prefix: optionalString(search.prefix) }),
  loader: async ({ params, abortController }) => {
    try {
      return await getCommit(params.repoId, params.commitId, abortController.signal);
    } catch (error) {
      if (error instanceof NotFoundError) throw new NotFoundError(404, 'could not find commit', error.body);
      throw error;
    }
  },
  component: CommitRoute,
  errorComponent: ({ error }) => <ErrorAlert error={error} />,
});

function CommitRoute() {
  const { repo } = useRepository();
  const commit = Route.useLoaderData();
  const { prefix } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <CommitDetailPage
      repo={repo}
      commit={commit}
      prefix={prefix ?? ''}
      onNavigate={(next) => void navigate({ search: (s) => ({ ...s, prefix: next || undefined }) })}
    />
  );
}
