import { createFileRoute } from '@tanstack/react-router';
import { ErrorAlert } from '../../../ui/components/ErrorAlert';
import { validateObjectSearch } from '../../../ui/objects/search';
import { useRepository, WithResolvedRef } from '../../../ui/repository/RepositoryContext';
import { ObjectViewerPage } from '../../../ui/viewer/ObjectViewerPage';

export const Route = createFileRoute('/repositories/$repoId/object')({
  validateSearch: validateObjectSearch,
  component: ObjectRoute,
});

function ObjectRoute() {
  const { repo } = useRepository();
  const { path } = Route.useSearch();
  if (!path) return <ErrorAlert error={new Error('No object path given')} />;
  return (
    <WithResolvedRef>
      {(resolvedRef) => <ObjectViewerPage key={`${resolvedRef.id}:${path}`} repoId={repo.id} resolvedRef={resolvedRef} path={path} />}
    </WithResolvedRef>
  );
}
