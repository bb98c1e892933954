// The deletion flow as a repository route starts it: the 410 warning of the layout, and the modal of Settings → General.
import { useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useActorRef } from './root-actors';
import { deleteRepositoryActors } from '../machines/delete-repository/actors';
import { deleteRepositoryMachine, type DeleteRepositoryActorRef } from '../machines/delete-repository/machine';

/** A deletion flow for `repoId` that ends on the repository list. */
export function useRepositoryDeletion(repoId: string): DeleteRepositoryActorRef {
  const router = useRouter();
  // Fixed for the route's life: the router does not change.
  const [logic] = useState(() =>
    deleteRepositoryMachine.provide({
      actors: deleteRepositoryActors,
      actions: { deleted: () => void router.navigate({ to: '/repositories' }) },
    }),
  );
  return useActorRef(logic, { input: { repoId } });
}
