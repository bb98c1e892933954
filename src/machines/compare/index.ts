import { commitsBetween } from '../../api/commits';
import { changeSummaryMachine, countChangesUnder } from '../change-summary';
import { liveConfirmDeleteMachine } from '../confirm-delete';
import { liveDiffTreeMachine } from '../diff-tree/actors';
import { liveMergeActors } from '../merge/actors';
import { pagedListOver } from '../paged-list/from-fetch';
import { compareMachine, compareMergeMachine, type CommitsSource } from './machine';

export * from './machine';

/** The compare screen over the real API; the route's helper provides the router's actions. */
export const liveCompareMachine = compareMachine.provide({
  actors: {
    tree: liveDiffTreeMachine,
    merge: compareMergeMachine.provide({ actors: liveMergeActors }),
    commits: pagedListOver((source: CommitsSource, { after, amount }, signal) =>
      commitsBetween(source.repoId, source.base, source.compare, { after, amount }, signal),
    ),
    summary: changeSummaryMachine.provide({ actors: { count: countChangesUnder } }),
    deleteSource: liveConfirmDeleteMachine,
  },
});
