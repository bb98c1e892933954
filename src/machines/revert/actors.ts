// The revert machine's actor over the real API.
import { fromPromise } from 'xstate';
import { resetBranch } from '../../api/branches';
import type { RevertRequest } from './machine';

export const revertActors = {
  reset: fromPromise<void, RevertRequest>(({ input }) => resetBranch(input.repoId, input.branch, input.target)),
};
