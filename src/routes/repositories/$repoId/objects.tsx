import { createFileRoute } from '@tanstack/react-router';
import type { Repository, ResolvedRef } from '../../../api/types';
import { loadObjectsPage, startObjectsPage, type ObjectsListingRequest } from '../../../loaders/objects';
import { objectsSearch } from '../../../lib/search-schemas';
import { useScreen } from '../../../lib/use-screen';
import { liveObjectsPageMachine } from '../../../machines/objects-page';
import { ObjectsPage } from '../../../ui/objects/ObjectsPage';
import { useLive } from '../../../ui/repository/LiveContext';
import { useProtectedBranch, useRepository, WithResolvedRef } from '../../../ui/repository/RepositoryContext';

export const Route = createFileRoute('/repositories/$repoId/objects')({
  // The loader stays in the entry: the page a repository opens on starts its listing before any chunk arrives.
  codeSplitGroupings: [['component'], ['errorComponent'], ['notFoundComponent']],
  validateSearch: objectsSearch,
  loaderDeps: ({ search }) => ({ ref: search.ref, path: search.path ?? '', after: search.after }),
  // Once per folder: the first page is asked for as soon as the route is matched, beside the layout's reads.
  context: ({ params, deps, context, location }) => {
    startObjectsPage(context.repository, params.repoId, listingRequest(deps, location.search));
  },
  loader: {
    // Joins the read started above (by the ref's name, or the default branch once the repository is known), and
    // never waits for the README it reads after.
    handler: ({ params, deps, context, location, abortController, preload }) =>
      loadObjectsPage(context.repository, params.repoId, listingRequest(deps, location.search), {
        signal: abortController.signal,
        preload,
      }),
    // A listing is shown as read: a stale one is read again before it shows, never swapped in under the user.
    staleReloadMode: 'blocking',
  },
  gcTime: 0,
  component: ObjectsRoute,
});

/** The search is read from the URL, not a dep: a new search is the page's list machine's to apply (loaders/objects). */
function listingRequest(deps: Omit<ObjectsListingRequest, 'search'>, search: unknown): ObjectsListingRequest {
  return { ...deps, search: objectsSearch.parse(search).search ?? '' };
}

function ObjectsRoute() {
  const { repo } = useRepository();
  return <WithResolvedRef>{(resolvedRef) => <ObjectsScreen repo={repo} resolvedRef={resolvedRef} />}</WithResolvedRef>;
}

function ObjectsScreen({ repo, resolvedRef }: { repo: Repository; resolvedRef: ResolvedRef }) {
  const { path = '', after, search = '', importDialog } = Route.useSearch();
  const { firstPage, listedPrefix, readme } = Route.useLoaderData();
  const session = Route.useRouteContext({ select: (context) => context.session });
  const protectedBranch = useProtectedBranch(resolvedRef.kind === 'branch' ? resolvedRef.id : undefined);
  const live = useLive();
  const page = useScreen(liveObjectsPageMachine, {
    session,
    repo,
    ref: resolvedRef,
    live,
    protectedBranch,
    path,
    after,
    search,
    importDialog: importDialog === true,
    firstPage,
    listedPrefix,
  });
  return <ObjectsPage page={page} repo={repo} resolvedRef={resolvedRef} path={path} readme={readme} />;
}
