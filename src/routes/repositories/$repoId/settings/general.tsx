import { createFileRoute } from '@tanstack/react-router';
import { useRepositoryDeletion } from '../../../../lib/use-repository-deletion';
import { useScreen } from '../../../../lib/use-screen';
import { liveRepositoryReadOnlyMachine } from '../../../../machines/repository-read-only';
import { useRepository } from '../../../../ui/repository/RepositoryContext';
import { GeneralSettings } from '../../../../ui/settings/GeneralSettings';

// The repository itself is the layout route's data: this page reads nothing of its own.
export const Route = createFileRoute('/repositories/$repoId/settings/general')({
  component: GeneralRoute,
});

function GeneralRoute() {
  const { repo } = useRepository();
  const readOnly = useScreen(liveRepositoryReadOnlyMachine, { repo });
  const deletion = useRepositoryDeletion(repo.id);
  return <GeneralSettings repo={repo} readOnly={readOnly} deletion={deletion} />;
}
