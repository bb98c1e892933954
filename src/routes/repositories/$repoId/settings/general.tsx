import { useState } from 'react';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useActorRef } from '../../../../lib/root-actors';
import { useRepositoryDeletion } from '../../../../lib/use-repository-deletion';
import { liveRepositoryReadOnlyMachine } from '../../../../machines/repository-read-only';
import { useRepository } from '../../../../ui/repository/RepositoryContext';
import { GeneralSettings } from '../../../../ui/settings/GeneralSettings';

// The repository itself is the layout route's data: this page reads nothing of its own.
export const Route = createFileRoute('/repositories/$repoId/settings/general')({
  component: GeneralRoute,
});

function GeneralRoute() {
  const { repo } = useRepository();
  const router = useRouter();
  // After a change of the flag the repository is read again, so every screen sees it.
  const [logic] = useState(() => liveRepositoryReadOnlyMachine(() => router.invalidate()));
  const readOnly = useActorRef(logic, { input: { repoId: repo.id } });
  const deletion = useRepositoryDeletion(repo.id);
  return <GeneralSettings repo={repo} readOnly={readOnly} deletion={deletion} />;
}
