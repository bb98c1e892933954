import { changeCounter } from '../change-summary/actors';
import { changeSummaryMachine } from '../change-summary/machine';
import { liveCommitMachine } from '../commit';
import { liveDiffTreeMachine } from '../diff-tree/actors';
import { liveRevertMachine } from '../revert';
import { changesMachine } from './machine';

export * from './machine';

/**
 * The changes screen of `branch` under `prefix` over the real API. `refresh` loads the page again: after a commit or
 * a revert, and on the refresh button.
 */
export function liveChangesMachine({ repoId, branch, prefix }: { repoId: string; branch: string; prefix: string }, refresh: () => void) {
  const source = { repoId, branch };
  return changesMachine.provide({
    actions: { refresh },
    actors: {
      tree: liveDiffTreeMachine(source),
      commit: liveCommitMachine.provide({ actions: { committed: refresh } }),
      revert: liveRevertMachine.provide({ actions: { reverted: refresh } }),
      summary: changeSummaryMachine.provide({ actors: { count: changeCounter(source, prefix) } }),
    },
  });
}
