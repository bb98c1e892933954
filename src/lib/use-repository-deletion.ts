// The deletion flow as a repository route starts it: the 410 warning of the layout, and the modal of Settings → General.
import { liveDeleteRepositoryMachine, type DeleteRepositoryActorRef } from '../machines/delete-repository';
import { useScreen } from './use-screen';

/** A deletion flow for `repoId` that ends on the repository list. */
export function useRepositoryDeletion(repoId: string): DeleteRepositoryActorRef {
  return useScreen(liveDeleteRepositoryMachine, { repoId });
}
