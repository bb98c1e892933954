import { createFileRoute, Outlet } from '@tanstack/react-router';
import { getCommit } from '../../../../../api/commits';
import { NotFoundError } from '../../../../../api/client';
import { CommitDetailPage } from '../../../../../ui/commits/CommitDetailPage';
import { RouteErrorAlert } from '../../../../../ui/components/RouteErrorAlert';
import { useRepository } from '../../../../../ui/repository/RepositoryContext';

// The commit's metadata; what it changed is the index route below, so moving through its folders reads only those.
export const Route = createFileRoute('/repositories/$repoId/commits/$commitId')({
  loader: async ({ params, abortController }) => {
    try {
      return await getCommit(params.repoId, params.commitId, abortController.signal);
    } catch (error) {
      if (error instanceof NotFoundError) throw new NotFoundError(404, 'could not find commit', error.body);
      throw error;
    }
  },
  component: CommitRoute,
  errorComponent: RouteErrorAlert,
});

function CommitRoute() {
  const { repo } = useRepository();
  const commit = Route.useLoaderData();
  return (
    <CommitDetailPage repo={repo} commit={commit}>
      <Outlet />
    </CommitDetailPage>
  );
}
