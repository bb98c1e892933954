// A pull request's page over the real API: PATCH and GET of the pull request, and the merge flow with the pulls
// merge call in place of the branch merge (conflicting paths are read as on Compare, from both branches).
import { fromPromise } from 'xstate';
import { getPullRequest, mergePullRequest, updatePullRequest } from '../../api/pulls';
import type { MergeResult, PullRequest } from '../../api/types';
import { liveMergeActors } from '../merge/actors';
import type { MergeRequest } from '../merge/machine';
import { liveObjectDiffMachine } from '../object-diff';
import { pullRequestMachine, pullRequestMergeMachine, type PullRequestRead, type PullRequestUpdate } from './machine';

/** The page over the real API; the route's helper provides the router's actions. */
export const livePullRequestMachine = pullRequestMachine.provide({
  actors: {
    updatePullRequest: fromPromise<void, PullRequestUpdate>(({ input }) => updatePullRequest(input.repoId, input.id, input.update)),
    loadPullRequest: fromPromise<PullRequest, PullRequestRead>(({ input, signal }) => getPullRequest(input.repoId, input.id, signal)),
    merge: pullRequestMergeMachine.provide({
      actors: {
        objectDiff: liveObjectDiffMachine,
        preview: liveMergeActors.preview,
        // mergeBody reads only the merge options of the request.
        merge: fromPromise<MergeResult, MergeRequest>(({ input }) => {
          if (input.pullId === undefined) throw new Error('a pull request merge needs the pull request');
          return mergePullRequest(input.repoId, input.pullId, input);
        }),
      },
    }),
  },
});
