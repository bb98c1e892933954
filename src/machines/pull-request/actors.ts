// A pull request's page over the real API: PATCH and GET of the pull request, and the merge flow with the pulls
// merge call in place of the branch merge (conflicting paths are read as on Compare, from both branches).
import { fromPromise } from 'xstate';
import { getPullRequest, mergePullRequest, updatePullRequest } from '../../api/pulls';
import type { MergeResult, PullRequest } from '../../api/types';
import { conflictContentMachine } from '../merge/actors';
import type { MergeRequest } from '../merge/machine';
import { pullRequestMachine, pullRequestMergeMachine, type PullRequestRead, type PullRequestUpdate } from './machine';

export function livePullRequestMachine(
  { repoId, pull }: { repoId: string; pull: Pick<PullRequest, 'id' | 'source_branch' | 'destination_branch'> },
  refresh: () => void,
) {
  return pullRequestMachine.provide({
    actions: { refresh },
    actors: {
      updatePullRequest: fromPromise<void, PullRequestUpdate>(({ input }) => updatePullRequest(input.repoId, input.id, input.update)),
      loadPullRequest: fromPromise<PullRequest, PullRequestRead>(({ input, signal }) => getPullRequest(input.repoId, input.id, signal)),
      merge: pullRequestMergeMachine.provide({
        actors: {
          objectDiff: conflictContentMachine({ repoId, source: pull.source_branch, dest: pull.destination_branch }),
          // mergeBody reads only the merge options of the request.
          merge: fromPromise<MergeResult, MergeRequest>(({ input }) => mergePullRequest(input.repoId, pull.id, input)),
        },
      }),
    },
  });
}
