// The notice's count over the real API.
import { fromPromise } from 'xstate';
import { countNewCommits } from '../../api/events';
import { branchMovedMachine, type NewCommits } from './machine';

export const liveBranchMovedMachine = branchMovedMachine.provide({
  actors: {
    countNewCommits: fromPromise<NewCommits, { repoId: string; from: string; to: string }>(({ input, signal }) =>
      countNewCommits(input.repoId, input.from, input.to, signal),
    ),
  },
});
