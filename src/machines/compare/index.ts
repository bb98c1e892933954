import { liveDiffTreeMachine } from '../diff-tree/actors';
import { liveMergeActors } from '../merge/actors';
import { compareMachine, compareMergeMachine } from './machine';

export * from './machine';

/** The compare screen over the real API; the route's helper provides the router's actions. */
export const liveCompareMachine = compareMachine.provide({
  actors: {
    tree: liveDiffTreeMachine,
    merge: compareMergeMachine.provide({ actors: liveMergeActors }),
  },
});
