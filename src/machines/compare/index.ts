import { liveDiffTreeMachine } from '../diff-tree/actors';
import { liveMergeMachine } from '../merge/actors';
import { compareMachine } from './machine';

export * from './machine';

/** The compare screen of `base` and `compare` over the real API; `refresh` loads the page again (after a merge too). */
export function liveCompareMachine({ repoId, base, compare }: { repoId: string; base: string; compare: string }, refresh: () => void) {
  return compareMachine.provide({
    actions: { refresh },
    actors: {
      tree: liveDiffTreeMachine({ repoId, left: base, right: compare }),
      merge: liveMergeMachine({ repoId, source: compare, dest: base }).provide({ actions: { merged: refresh } }),
    },
  });
}
