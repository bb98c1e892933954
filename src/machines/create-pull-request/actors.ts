// Opening a pull request over the real API.
import { fromPromise } from 'xstate';
import { createPullRequest } from '../../api/pulls';
import { createPullRequestMachine, type CreatePullRequestCall } from './machine';

/** The create flow over the API. */
export const liveCreatePullRequestMachine = createPullRequestMachine.provide({
  actors: {
    createPullRequest: fromPromise<string, CreatePullRequestCall>(({ input }) => createPullRequest(input.repoId, input.creation)),
  },
});
