import { createFileRoute } from '@tanstack/react-router';
import { objectSearch } from '../../../lib/search-schemas';
import { rememberRecentFile } from '../../../machines/finder/recent-files';
import { ErrorAlert } from '../../../ui/components/ErrorAlert';
import { RouteErrorAlert } from '../../../ui/components/RouteErrorAlert';
import { useRepository, WithResolvedRef } from '../../../ui/repository/RepositoryContext';
import { ObjectViewerPage } from '../../../ui/viewer/ObjectViewerPage';
import { pageRef } from './-page-ref';

export const Route = createFileRoute('/repositories/$repoId/object')({
  validateSearch: objectSearch,
  loaderDeps: ({ search }) => ({ ref: search.ref, path: search.path }),
  loader: async ({ params, deps, parentMatchPromise, abortController }) => {
    if (!deps.path) return undefined;
    const path = deps.path;
    const [{ loadObject }, ref] = await Promise.all([import('./-load-object'), pageRef(deps.ref, parentMatchPromise)]);
    return loadObject(params.repoId, ref, path, abortController.signal);
  },
  // Opening an object reads its content (up to 20 MiB): only when the user opens it, never on hovering a link.
  preload: false,
  // An object shown is one of the repository's recent files, which the finder suggests (docs/behaviour.md, File finder).
  onEnter: rememberShown,
  onStay: rememberShown,
  component: ObjectRoute,
  errorComponent: RouteErrorAlert,
});

function rememberShown(match: { params: { repoId: string }; search: { path?: string | undefined }; loaderData?: { status: string } | undefined }) {
  if (match.search.path && match.loaderData?.status === 'found') rememberRecentFile(match.params.repoId, match.search.path);
}

function ObjectRoute() {
  const { repo } = useRepository();
  const { path, sql, header } = Route.useSearch();
  const object = Route.useLoaderData();
  if (!path || !object) return <ErrorAlert error={new Error('No object path given')} />;
  return (
    <WithResolvedRef>
      {(resolvedRef) => <ObjectViewerPage repoId={repo.id} resolvedRef={resolvedRef} path={path} object={object} sql={sql} header={header} />}
    </WithResolvedRef>
  );
}
