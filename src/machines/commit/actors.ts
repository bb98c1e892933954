// The commit machine's actor over the real API.
import { fromPromise } from 'xstate';
import { commit } from '../../api/commits';
import type { Commit } from '../../api/types';
import type { CommitRequest } from './machine';

export const commitActors = {
  commit: fromPromise<Commit, CommitRequest>(({ input }) =>
    commit(input.repoId, input.branch, { message: input.message, metadata: input.metadata }),
  ),
};
