import { createFileRoute } from '@tanstack/react-router';
import { ObjectsPage } from '../../../ui/objects/ObjectsPage';
import { validateObjectsSearch } from '../../../ui/objects/search';
import { useRepository, WithResolvedRef } from '../../../ui/repository/RepositoryContext';

export const Route = createFileRoute('/repositories/$repoId/objects')({
  validateSearch: validateObjectsSearch,
  component: ObjectsRoute,
});

function ObjectsRoute() {
  const { repo } = useRepository();
  const { path = '', after } = Route.useSearch();
  return (
    <WithResolvedRef>
      {(resolvedRef) => (
        // Keyed so a new folder or ref starts with a clear prefix search.
        <ObjectsPage key={`${resolvedRef.id}\u0000${path}`} repo={repo} resolvedRef={resolvedRef} path={path} after={after} />
      )}
    </WithResolvedRef>
  );
}
