// The uncommitted changes screen (docs/behaviour.md, Uncommitted changes): the branch's tree of changes, the commit and revert
// flows, and the change summary, all started from what the route loaded. Commit and revert, which move the branch,
// and the refresh button make the route load again; what it loaded then goes to the tree (the same tree, told its
// new source), and the commit, revert and summary start over for the branch as it now is.
import { enqueueActions, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { DiffSource } from '../../api/diff';
import type { Diff, Page } from '../../api/types';
import { screenActions, type RouteChanged } from '../../lib/screen';
import { changeSummaryMachine } from '../change-summary/machine';
import { commitMachine } from '../commit/machine';
import { diffTreeMachine, treeRouteChanged } from '../diff-tree/machine';
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

export type ChangesEvent = { type: 'changes.refresh' } | RouteChanged<ChangesInput>;

/** The commit flow of the changes screen: a commit moves the branch, so the screen loads again. */
export const changesCommitMachine = commitMachine.provide({
  actions: { committed: sendParent({ type: 'changes.refresh' } satisfies ChangesEvent) },
});
/** The revert flow of the changes screen: a revert changes the branch, so the screen loads again. */
export const changesRevertMachine = revertMachine.provide({
  actions: { reverted: sendParent({ type: 'changes.refresh' } satisfies ChangesEvent) },
});

const treeSource = (context: ChangesInput): DiffSource => ({ repoId: context.repoId, branch: context.branch });

export const changesMachine = setup({
  types: {
    input: {} as ChangesInput,
    context: {} as ChangesInput,
    events: {} as ChangesEvent,
    children: {} as { tree: 'tree'; commit: 'commit'; revert: 'revert'; summary: 'summary' },
  },
  actors: {
    tree: diffTreeMachine,
    commit: changesCommitMachine,
    revert: changesRevertMachine,
    summary: changeSummaryMachine,
  },
  actions: {
    ...screenActions,
  },
}).createMachine({
  id: 'changes',
  context: ({ input }) => input,
  invoke: {
    id: 'tree',
    src: 'tree',
    input: ({ context }) => ({ source: treeSource(context), prefix: context.prefix, firstPage: context.firstPage }),
  },
  on: {
    'changes.refresh': { actions: 'invalidate' },
  },
  initial: 'shown',
  states: {
    shown: {
      invoke: [
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
        { id: 'summary', src: 'summary', input: ({ context }) => ({ source: treeSource(context), prefix: context.prefix }) },
      ],
      on: {
        // The route read again (a commit, a revert, a refresh, another branch or folder).
        'route.changed': {
          target: 'shown',
          reenter: true,
          actions: enqueueActions(({ event, enqueue }) => {
            enqueue.assign(event.input);
            enqueue.sendTo('tree', treeRouteChanged(treeSource(event.input), event.input));
          }),
        },
      },
    },
  },
});

export type ChangesActorRef = ActorRefFrom<typeof changesMachine>;
export type ChangesSnapshot = SnapshotFrom<typeof changesMachine>;
