// The delete-repository machine's actor over the real API.
import { fromPromise } from 'xstate';
import { deleteRepository } from '../../api/repositories';

export const deleteRepositoryActors = {
  deleteRepository: fromPromise<void, { repoId: string }>(({ input }) => deleteRepository(input.repoId)),
};
