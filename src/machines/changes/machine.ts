// The uncommitted changes screen (docs/behaviour.md, Uncommitted changes): the branch's tree of changes, the commit and revert
// flows, and the change summary, all started from what the route loaded. Commit and revert, which move the branch,
// and the refresh button make the route load again.
import { setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Diff, Page } from '../../api/types';
import { changeSummaryMachine } from '../change-summary/machine';
import { commitMachine } from '../commit/machine';
import { diffTreeMachine } from '../diff-tree/machine';
import { revertMachine } from '../revert/machine';

export interface ChangesInput {
  repoId: string;
  branch: string;
  readOnly: boolean;
  /** Whether the branch has any uncommitted change (under any prefix). */
  hasChanges: boolean;
  prefix: string;
  /** The first page of the changes directly under `prefix`. */
  firstPage: Page<Diff>;
}

export type ChangesEvent = { type: 'changes.refresh' };

export const changesMachine = setup({
  types: {
    input: {} as ChangesInput,
    context: {} as ChangesInput,
    events: {} as ChangesEvent,
  },
  actors: {
    tree: diffTreeMachine,
    commit: commitMachine,
    revert: revertMachine,
    summary: changeSummaryMachine,
  },
  actions: {
    /** Loads the page again (provided by the route). */
    refresh: () => {
      throw new Error('action refresh was not provided');
    },
  },
}).createMachine({
  id: 'changes',
  context: ({ input }) => input,
  invoke: [
    { id: 'tree', src: 'tree', input: ({ context }) => ({ prefix: context.prefix, firstPage: context.firstPage }) },
    {
      id: 'commit',
      src: 'commit',
      input: ({ context: { repoId, branch, readOnly, hasChanges } }) => ({ repoId, branch, readOnly, hasChanges }),
    },
    {
      id: 'revert',
      src: 'revert',
      input: ({ context: { repoId, branch, readOnly, hasChanges } }) => ({ repoId, branch, readOnly, hasChanges }),
    },
    { id: 'summary', src: 'summary' },
  ],
  on: {
    'changes.refresh': { actions: 'refresh' },
  },
});

export type ChangesActorRef = ActorRefFrom<typeof changesMachine>;
export type ChangesSnapshot = SnapshotFrom<typeof changesMachine>;
