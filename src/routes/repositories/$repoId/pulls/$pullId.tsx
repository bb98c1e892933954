import { Alert } from '@chakra-ui/react';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import type { PullRequest, Repository } from '../../../../api/types';
import { shortCommitId } from '../../../../lib/format';
import { useScreen } from '../../../../lib/use-screen';
import { loadPullRequestPage, type PullRequestChanges } from '../../../../loaders/pull-request';
import { livePullRequestMachine } from '../../../../machines/pull-request';
import { EmptyState } from '../../../../ui/components/EmptyState';
import { ErrorAlert } from '../../../../ui/components/ErrorAlert';
import { RouteErrorAlert } from '../../../../ui/components/RouteErrorAlert';
import { PullRequestNotFound, PullRequestPage } from '../../../../ui/pulls/PullRequestPage';
import { useRepository } from '../../../../ui/repository/RepositoryContext';
import { ChangesTree } from './-changes-tree';

export const Route = createFileRoute('/repositories/$repoId/pulls/$pullId')({
  loader: ({ params, abortController }) => loadPullRequestPage(params.repoId, params.pullId, abortController.signal),
  component: PullRequestRoute,
  errorComponent: RouteErrorAlert,
});

function PullRequestRoute() {
  const { repo } = useRepository();
  const { pullId } = Route.useParams();
  const page = Route.useLoaderData();
  if (page.status === 'notFound') return <PullRequestNotFound repoId={repo.id} pullId={pullId} />;
  return <PullRequestScreen repo={repo} pull={page.pull} changes={page.changes} />;
}

function PullRequestScreen({ repo, pull, changes }: { repo: Repository; pull: PullRequest; changes: PullRequestChanges }) {
  const router = useRouter();
  // Each load (a merge, a refresh) is the screen's to take: the pull request as read, and its merge flow anew.
  const screen = useScreen(livePullRequestMachine, {
    repoId: repo.id,
    pull,
    readOnly: repo.read_only === true,
    hasChanges: changes.status === 'branches' && changes.hasChanges,
  });
  return <PullRequestPage repo={repo} screen={screen} changes={<Changes changes={changes} pull={pull} onRetry={() => void router.invalidate()} />} />;
}

function Changes({ changes, pull, onRetry }: { changes: PullRequestChanges; pull: PullRequest; onRetry: () => void }) {
  const { source_branch: source, destination_branch: destination } = pull;
  switch (changes.status) {
    case 'branches':
      return (
        <ChangesTree
          source={changes.source}
          firstPage={changes.firstPage}
          heading={`Changes from ${source} into ${destination}`}
          label={`Changes between ${destination} and ${source}`}
          empty={<EmptyState title="No changes" description={`${source} has no changes against ${destination}: there is nothing to merge.`} />}
        />
      );
    case 'merged':
      return (
        <ChangesTree
          source={changes.source}
          firstPage={changes.firstPage}
          heading={`Changes merged into ${destination}`}
          label={`Changes of the merge commit ${shortCommitId(changes.source.right)}`}
          empty={<EmptyState title="No changes" description="The merge commit changed nothing." />}
        />
      );
    case 'missingBranch':
      return (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The branch {changes.branch} no longer exists.</Alert.Title>
            <Alert.Description>
              The changes between {destination} and {source} cannot be shown, and the pull request cannot be merged.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      );
    case 'failed':
      return <ErrorAlert error={changes.error} onRetry={onRetry} />;
  }
}
