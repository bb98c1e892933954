import { Text } from '@chakra-ui/react';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useScreen } from '../../../../lib/use-screen';
import { loadComparison } from '../../../../loaders/compare';
import { pullRequestCreateSearch } from '../../../../lib/search-schemas';
import { liveCreatePullRequestMachine } from '../../../../machines/create-pull-request';
import { NothingToCompare } from '../../../../ui/compare/ComparePage';
import { EmptyState } from '../../../../ui/components/EmptyState';
import { ErrorAlert } from '../../../../ui/components/ErrorAlert';
import { RouteErrorAlert } from '../../../../ui/components/RouteErrorAlert';
import { CreatePullRequestPage } from '../../../../ui/pulls/CreatePullRequestPage';
import type { SelectedRef } from '../../../../ui/refs';
import { useRepository, WithResolvedRef } from '../../../../ui/repository/RepositoryContext';
import { pageRef } from '../-page-ref';
import { ChangesTree } from './-changes-tree';

export const Route = createFileRoute('/repositories/$repoId/pulls/create')({
  validateSearch: pullRequestCreateSearch,
  loaderDeps: ({ search }) => ({ ref: search.ref, compare: search.compare }),
  // The destination is the layout's ref (a missing one shows the layout's 'ref not found'); the source, compared to
  // it as on Compare.
  loader: async ({ params, deps, parentMatchPromise, abortController }) => {
    const destination = await pageRef(deps.ref, parentMatchPromise);
    return loadComparison({ repoId: params.repoId, base: destination, compare: deps.compare, prefix: '', flat: false }, abortController.signal);
  },
  component: CreatePullRequestRoute,
  errorComponent: RouteErrorAlert,
});

function CreatePullRequestRoute() {
  const { repo } = useRepository();
  const comparison = Route.useLoaderData();
  const { compare } = Route.useSearch();
  const navigate = Route.useNavigate();
  const router = useRouter();
  // One form for the page's life: choosing other branches reads a new comparison and keeps what was typed.
  const form = useScreen(liveCreatePullRequestMachine, { repoId: repo.id });
  return (
    <WithResolvedRef>
      {(destination) => {
        const source: SelectedRef | null =
          comparison.status === 'ready'
            ? { id: comparison.compareRef.id, kind: comparison.compareRef.kind }
            : compare === undefined
              ? null
              : { id: compare, kind: comparison.status === 'same' ? destination.kind : 'branch' };
        const changes =
          comparison.status === 'ready' ? (
            <ChangesTree
              source={{ repoId: repo.id, left: destination.id, right: comparison.compareRef.id }}
              firstPage={comparison.firstPage}
              heading={`Changes from ${comparison.compareRef.id} into ${destination.id}`}
              label={`Changes between ${destination.id} and ${comparison.compareRef.id}`}
              empty={<EmptyState title="No changes" description={`${comparison.compareRef.id} has no changes against ${destination.id}.`} />}
            />
          ) : comparison.status === 'same' ? (
            <NothingToCompare />
          ) : comparison.status === 'failed' ? (
            <ErrorAlert error={comparison.error} onRetry={() => void router.invalidate()} />
          ) : (
            <Text color="fg.muted">Choose the branch to merge from to see its changes.</Text>
          );
        return (
          <CreatePullRequestPage
            repo={repo}
            form={form}
            destination={{ id: destination.id, kind: destination.kind }}
            source={source}
            hasChanges={comparison.status === 'ready' && comparison.hasChanges}
            onSelectDestination={(ref) => void navigate({ search: (s) => ({ ...s, ref }) })}
            onSelectSource={(ref) => void navigate({ search: (s) => ({ ...s, compare: ref }) })}
            changes={changes}
          />
        );
      }}
    </WithResolvedRef>
  );
}
