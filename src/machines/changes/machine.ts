// The uncommitted changes screen (docs/behaviour.md, Uncommitted changes): the branch's tree of changes, the commit and revert
// flows, and the change summary, all started from what the route loaded. Commit and revert, which move the branch,
// and the refresh button make the route load again; what it loaded then goes to the tree (the same tree, told its
// new source), and the commit, revert and summary start over for the branch as it now is. The commit made, or the
// changes reverted, stay as the screen's receipt until it is dismissed or another branch is shown.
import { assign, enqueueActions, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { DiffSource } from '../../api/diff';
import type { Commit, Diff, Page } from '../../api/types';
import { screenActions, type RouteChanged } from '../../lib/screen';
import { changeSummaryMachine } from '../change-summary/machine';
import { commitMachine } from '../commit/machine';
import { diffTreeMachine, treeRouteChanged } from '../diff-tree/machine';
import { revertMachine, type RevertTarget } from '../revert/machine';

export interface ChangesInput {
  repoId: string;
  branch: string;
  readOnly: boolean;
  /** A branch protection rule covers the branch: it takes no commit and no reset, as a read-only repository. */
  protectedBranch: boolean;
  /** Whether the branch has any uncommitted change (under any prefix). */
  hasChanges: boolean;
  prefix: string;
  /** The first page of the changes directly under `prefix`. */
  firstPage: Page<Diff>;
}

/** What the last write of this screen did: the commit it made (linked), or the changes it reverted. */
export type ChangesReceipt = { kind: 'commit'; commit: Commit } | { kind: 'revert'; target: RevertTarget };

export interface ChangesContext extends ChangesInput {
  receipt: ChangesReceipt | null;
}

export type ChangesEvent =
  | { type: 'changes.refresh' }
  | { type: 'changes.committed'; commit: Commit }
  | { type: 'changes.reverted'; target: RevertTarget }
  | { type: 'receipt.dismiss' }
  | RouteChanged<ChangesInput>;

/** The commit flow of the changes screen: a commit moves the branch, so the screen loads again. */
export const changesCommitMachine = commitMachine.provide({
  actions: { committed: sendParent((_, commit: Commit) => ({ type: 'changes.committed', commit }) satisfies ChangesEvent) },
});
/** The revert flow of the changes screen: a revert changes the branch, so the screen loads again. */
export const changesRevertMachine = revertMachine.provide({
  actions: { reverted: sendParent((_, target: RevertTarget) => ({ type: 'changes.reverted', target }) satisfies ChangesEvent) },
});

/** What the commit and revert flows start from: a protected branch takes neither, as a read-only repository. */
const flowInput = ({ context: { repoId, branch, readOnly, protectedBranch, hasChanges } }: { context: ChangesInput }) => ({
  repoId,
  branch,
  readOnly: readOnly || protectedBranch,
  hasChanges,
});

const treeSource = (context: ChangesInput): DiffSource => ({ repoId: context.repoId, branch: context.branch });

export const changesMachine = setup({
  types: {
    input: {} as ChangesInput,
    context: {} as ChangesContext,
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
  context: ({ input }) => ({ ...input, receipt: null }),
  invoke: {
    id: 'tree',
    src: 'tree',
    input: ({ context }) => ({ source: treeSource(context), prefix: context.prefix, firstPage: context.firstPage }),
  },
  on: {
    'changes.refresh': { actions: 'invalidate' },
    'changes.committed': { actions: [assign({ receipt: ({ event }) => ({ kind: 'commit' as const, commit: event.commit }) }), 'invalidate'] },
    'changes.reverted': { actions: [assign({ receipt: ({ event }) => ({ kind: 'revert' as const, target: event.target }) }), 'invalidate'] },
    'receipt.dismiss': { actions: assign({ receipt: null }) },
  },
  initial: 'shown',
  states: {
    shown: {
      invoke: [
        {
          id: 'commit',
          src: 'commit',
          input: flowInput,
        },
        {
          id: 'revert',
          src: 'revert',
          input: flowInput,
        },
        { id: 'summary', src: 'summary', input: ({ context }) => ({ source: treeSource(context), prefix: context.prefix }) },
      ],
      on: {
        // The route read again (a commit, a revert, a refresh, another branch or folder).
        'route.changed': {
          target: 'shown',
          reenter: true,
          actions: enqueueActions(({ context, event, enqueue }) => {
            enqueue.assign({ ...event.input, receipt: event.input.branch === context.branch ? context.receipt : null });
            enqueue.sendTo('tree', treeRouteChanged(treeSource(event.input), event.input));
          }),
        },
      },
    },
  },
});

export type ChangesActorRef = ActorRefFrom<typeof changesMachine>;
export type ChangesSnapshot = SnapshotFrom<typeof changesMachine>;
