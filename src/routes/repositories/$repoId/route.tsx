import { useMemo, type ReactNode } from 'react';
import { createFileRoute, Outlet, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { GoneError } from '../../../api/client';
import { useActorRef } from '../../../lib/root-actors';
import { useRepositoryDeletion } from '../../../lib/use-repository-deletion';
import { loadRepositoryPage, startRepositoryPage } from '../../../loaders/repository';
import { liveRepositoryEventsMachine } from '../../../machines/repository-events';
import { RouteErrorAlert } from '../../../ui/components/RouteErrorAlert';
import { repositorySearch } from '../../../lib/search-schemas';
import { RepositoryInDeletion } from '../../../ui/repositories/RepositoryInDeletion';
import { RepositoryLayout } from '../../../ui/repository/RepositoryLayout';
import { LiveProvider } from '../../../ui/repository/LiveContext';
import { useShortcutActors } from './-shortcut-actors';

export const Route = createFileRoute('/repositories/$repoId')({
  validateSearch: repositorySearch,
  loaderDeps: ({ search }) => ({ ref: search.ref }),
  // Once per repository page (repository and ref): starts its reads at once, and holds the repository read that the
  // loaders share, so a child that needs the default branch takes it instead of reading again.
  context: ({ params, deps }) => ({ repository: startRepositoryPage(params.repoId, deps.ref) }),
  loader: ({ params, deps, context, abortController }) =>
    loadRepositoryPage(context.repository, params.repoId, deps.ref, abortController.signal),
  // Moving between folders and tabs keeps the repository and the resolved ref: they are read again on a refresh
  // (router.invalidate) or another ref, and afresh when the user comes back to the repository later.
  staleTime: Infinity,
  gcTime: 0,
  component: RepositoryRoute,
  errorComponent: RepositoryRouteError,
});

function RepositoryRoute() {
  const { repo, resolvedRef, branchProtection } = Route.useLoaderData();
  const { ref } = Route.useSearch();
  const router = useRouter();
  const shortcuts = useShortcutActors();
  const value = useMemo(
    () => ({ repo, resolvedRef, branchProtection, refresh: () => void router.invalidate() }),
    [repo, resolvedRef, branchProtection, router],
  );
  return (
    <RepositoryEvents key={repo.id} repoId={repo.id}>
      <RepositoryLayout value={value} refParam={ref} shortcuts={shortcuts}>
        <Outlet />
      </RepositoryLayout>
    </RepositoryEvents>
  );
}

/** One live stream per tab and repository, for as long as the repository's pages are shown. */
function RepositoryEvents({ repoId, children }: { repoId: string; children: ReactNode }) {
  const live = useActorRef(liveRepositoryEventsMachine, { input: { repoId } });
  return <LiveProvider live={live}>{children}</LiveProvider>;
}

function RepositoryRouteError(props: ErrorComponentProps) {
  const { repoId } = Route.useParams();
  const deletion = useRepositoryDeletion(repoId);
  if (props.error instanceof GoneError) return <RepositoryInDeletion deletion={deletion} />;
  return <RouteErrorAlert {...props} />;
}
