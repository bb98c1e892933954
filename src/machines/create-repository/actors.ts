// The create-repository machine's actor over the real API.
import { fromPromise } from 'xstate';
import { createRepository } from '../../api/repositories';
import type { Repository, RepositoryCreation } from '../../api/types';

export const createRepositoryActors = {
  createRepository: fromPromise<Repository, RepositoryCreation>(({ input }) => createRepository(input)),
};
