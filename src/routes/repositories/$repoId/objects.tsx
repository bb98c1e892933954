import { useState } from 'react';
import { Stack } from '@chakra-ui/react';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useActorRef } from '../../../lib/root-actors';
import type { ObjectStats, Page, Repository, ResolvedRef } from '../../../api/types';
import { loadObjectsPage, startObjectsPage, type ObjectsListingRequest, type ReadmeRead } from '../../../loaders/objects';
import { createLiveObjectsPageMachine } from '../../../machines/objects-page';
import { useSessionActor, useSessionSelector } from '../../../machines/session';
import { liveUploadPermissionMachine, type UploadPermissionActorRef } from '../../../machines/upload-permission';
import { GcWarningBanner } from '../../../ui/objects/GcWarningBanner';
import { ObjectsPage, type ObjectsPageProps } from '../../../ui/objects/ObjectsPage';
import { objectsSearch } from '../../../lib/search-schemas';
import { useRepository, WithResolvedRef } from '../../../ui/repository/RepositoryContext';

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
  const { path = '', after, search = '', importDialog } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { firstPage, listedPrefix, readme } = Route.useLoaderData();
  // Lives as long as the objects route: browsing folders and refs reuses its answers.
  const permissions = useActorRef(liveUploadPermissionMachine);
  const storage = useSessionSelector((s) => s.context.config?.storage_config ?? null);
  return (
    <Stack gap="4">
      <GcWarningBanner key={repo.id} repo={repo} />
      <WithResolvedRef>
        {(resolvedRef) => (
          // Keyed so each folder and ref gets its own page (listing, search, dialogs); a search keeps it.
          <ObjectsFolder
            key={[repo.id, resolvedRef.id, path, after ?? ''].join('\u0000')}
            repo={repo}
            resolvedRef={resolvedRef}
            path={path}
            after={after}
            search={search}
            // The page opens on the loader's first page when it lists what the page shows.
            firstPage={listedPrefix === path + search ? firstPage : undefined}
            readme={readme}
            permissions={permissions}
            storage={storage}
            importOpen={importDialog === true}
            onImportOpenChange={(open) =>
              void navigate({ search: (prev) => ({ ...prev, importDialog: open || undefined }), replace: !open })
            }
          />
        )}
      </WithResolvedRef>
    </Stack>
  );
}

interface ObjectsFolderProps {
  repo: Repository;
  resolvedRef: ResolvedRef;
  path: string;
  after: string | undefined;
  search: string;
  firstPage: Page<ObjectStats> | undefined;
  readme: ReadmeRead;
  permissions: UploadPermissionActorRef;
  storage: ObjectsPageProps['storage'];
  importOpen: boolean;
  onImportOpenChange: (open: boolean) => void;
}

function ObjectsFolder({ repo, resolvedRef, path, after, search, firstPage, readme, permissions, storage, importOpen, onImportOpenChange }: ObjectsFolderProps) {
  const router = useRouter();
  const navigate = Route.useNavigate();
  const session = useSessionActor();
  const [machine] = useState(() =>
    createLiveObjectsPageMachine({
      session,
      repoId: repo.id,
      refId: resolvedRef.id,
      after,
      invalidate: () => void router.invalidate(),
      showSearch: (text) =>
        void navigate({ search: (prev) => ({ ...prev, search: text || undefined, after: undefined }), replace: true }),
      showImport: () => onImportOpenChange(true),
    }),
  );
  const page = useActorRef(machine, {
    input: {
      repoId: repo.id,
      refId: resolvedRef.id,
      refKind: resolvedRef.kind,
      readOnly: repo.read_only === true,
      dir: path,
      after,
      search,
      firstPage,
      permissions,
    },
  });
  return (
    <ObjectsPage
      page={page}
      repo={repo}
      resolvedRef={resolvedRef}
      path={path}
      readme={readme}
      storage={storage}
      importOpen={importOpen}
      onImportOpenChange={onImportOpenChange}
    />
  );
}
