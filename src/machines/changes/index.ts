import { countChangesUnder } from '../change-summary/actors';
import { changeSummaryMachine } from '../change-summary/machine';
import { commitActors } from '../commit/actors';
import { liveDiffTreeMachine } from '../diff-tree/actors';
import { revertActors } from '../revert/actors';
import { changesCommitMachine, changesMachine, changesRevertMachine } from './machine';

export * from './machine';

/** The changes screen over the real API; the route's helper provides the router's actions. */
export const liveChangesMachine = changesMachine.provide({
  actors: {
    tree: liveDiffTreeMachine,
    commit: changesCommitMachine.provide({ actors: commitActors }),
    revert: changesRevertMachine.provide({ actors: revertActors }),
    summary: changeSummaryMachine.provide({ actors: { count: countChangesUnder } }),
  },
});
