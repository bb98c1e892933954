import { fromPromise } from 'xstate';
import { setRepositoryReadOnly } from '../../api/settings';
import type { Repository } from '../../api/types';
import { repositoryReadOnlyMachine } from './machine';

export * from './machine';

/** The toggle over the real API; the route's helper provides the router's actions. */
export const liveRepositoryReadOnlyMachine = repositoryReadOnlyMachine.provide({
  actors: {
    saveReadOnly: fromPromise<Repository, { repoId: string; readOnly: boolean }>(({ input }) =>
      setRepositoryReadOnly(input.repoId, input.readOnly),
    ),
  },
});
