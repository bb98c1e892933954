import { fromPromise } from 'xstate';
import { setRepositoryReadOnly } from '../../api/settings';
import type { Repository } from '../../api/types';
import { repositoryReadOnlyMachine } from './machine';

export * from './machine';

/** The toggle over the real API; `refresh` reads the repository's route data again (router.invalidate). */
export function liveRepositoryReadOnlyMachine(refresh: () => Promise<void>) {
  return repositoryReadOnlyMachine.provide({
    actors: {
      saveReadOnly: fromPromise<Repository, { repoId: string; readOnly: boolean }>(({ input }) =>
        setRepositoryReadOnly(input.repoId, input.readOnly),
      ),
      refreshRepository: fromPromise<void, void>(() => refresh()),
    },
  });
}
