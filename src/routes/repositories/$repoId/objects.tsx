import { useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { ObjectsPage } from '../../../ui/objects/ObjectsPage';
import { validateObjectsSearch } from '../../../ui/objects/search';
import { UploadPermissions } from '../../../ui/objects/uploadPermissions';
import { useRepository, WithResolvedRef } from '../../../ui/repository/RepositoryContext';

export const Route = createFileRoute('/repositories/$repoId/objects')({
  validateSearch: validateObjectsSearch,
  component: ObjectsRoute,
});

function ObjectsRoute() {
  const { repo } = useRepository();
  const { path = '', after } = Route.useSearch();
  // Lives as long as the objects route, so moving between folders and refs reuses the answers.
  const [uploadPermissions] = useState(() => new UploadPermissions());
  return (
    <WithResolvedRef>
      {(resolvedRef) => (
        // Keyed so a new folder or ref starts with a clear prefix search.
        <ObjectsPage
          key={`${resolvedRef.id}\u0000${path}`}
          repo={repo}
          resolvedRef={resolvedRef}
          path={path}
          after={after}
          uploadPermissions={uploadPermissions}
        />
      )}
    </WithResolvedRef>
  );
}
