// Opening a pull request over the real API.
import { fromPromise } from 'xstate';
import { createPullRequest } from '../../api/pulls';
import { createPullRequestMachine, type CreatePullRequestCall } from './machine';

/** The create flow over the API; `created` shows the new pull request. */
export function liveCreatePullRequestMachine(created: (id: string) => void) {
  return createPullRequestMachine.provide({
    actions: { created: (_, id) => created(id) },
    actors: {
      createPullRequest: fromPromise<string, CreatePullRequestCall>(({ input }) => createPullRequest(input.repoId, input.creation)),
    },
  });
}
