// The uncommitted changes screen (docs/behaviour.md, Uncommitted changes): the branch's tree of changes, the commit and revert
// flows, and the change summary, all started from what the route loaded. Commit and revert, which move the branch,
// and the refresh button make the route load again; what it loaded then goes to the tree (the same tree, told its
// new source), and the commit, revert and summary start over for the branch as it now is. The commit made, or the
// changes reverted, stay as the screen's receipt until it is dismissed or another branch is shown. The tab's live
// stream tells of writes to the branch made elsewhere (another tab, another user, a data tool): the screen loads again,
// once no commit or revert dialog is open (it waits for them, so a dialog is never swept away under the user); while
// the stream is down, it loads again every half minute instead.
import { assign, enqueueActions, raise, sendParent, setup, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from 'xstate';
import type { DiffSource } from '../../api/diff';
import type { Commit, Diff, Page } from '../../api/types';
import { screenActions, type RouteChanged } from '../../lib/screen';
import { changeSummaryMachine } from '../change-summary/machine';
import { commitMachine } from '../commit/machine';
import { diffTreeMachine, treeRouteChanged } from '../diff-tree/machine';
import { repositoryChanges, type LiveUpdate } from '../repository-events/machine';
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
  /** The tab's live stream of the repository (none: the screen changes only when the user acts). */
  live?: AnyActorRef | undefined;
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
  | LiveUpdate
  /** Look again at a change heard while a dialog was open (raised by the machine). */
  | { type: 'live.due' }
  /** Load again while the stream is down (raised by the machine). */
  | { type: 'live.poll' }
  | RouteChanged<ChangesInput>;

/** How long a change heard while a dialog is open waits before the screen looks again. */
export const LIVE_RETRY_MS = 1_000;
/** How often the screen loads again while the live stream is down. */
export const FALLBACK_POLL_MS = 30_000;

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

/** No commit or revert dialog is open: loading the screen again would close it. */
function flowsIdle(self: AnyActorRef): boolean {
  const { children } = self.getSnapshot() as { children: Record<string, AnyActorRef | undefined> };
  return (children.commit?.getSnapshot().matches('closed') ?? true) && (children.revert?.getSnapshot().matches('idle') ?? true);
}

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
    live: repositoryChanges,
  },
  actions: {
    ...screenActions,
    loadLater: raise({ type: 'live.due' } satisfies ChangesEvent, { id: 'liveDue', delay: LIVE_RETRY_MS }),
    pollLater: raise({ type: 'live.poll' } satisfies ChangesEvent, { id: 'livePoll', delay: FALLBACK_POLL_MS }),
  },
  guards: {
    /** An event of the stream about the branch shown (or one that says everything must be read again). */
    aboutBranch: ({ context, event }) => {
      if (event.type !== 'live.changed') return false;
      const change = event.event;
      return change.type === 'reload' || ((change.type === 'staging' || change.type === 'branch') && change.branch === context.branch);
    },
  },
}).createMachine({
  id: 'changes',
  context: ({ input }) => ({ ...input, receipt: null }),
  invoke: [
    {
      id: 'tree',
      src: 'tree',
      input: ({ context }) => ({ source: treeSource(context), prefix: context.prefix, firstPage: context.firstPage }),
    },
    { id: 'live', src: 'live', input: ({ context }) => ({ live: context.live }) },
  ],
  on: {
    'live.changed': { guard: 'aboutBranch', actions: enqueueActions(({ self, enqueue }) => enqueue(flowsIdle(self) ? 'invalidate' : 'loadLater')) },
    'live.due': { actions: enqueueActions(({ self, enqueue }) => enqueue(flowsIdle(self) ? 'invalidate' : 'loadLater')) },
    // The poll goes on, one load each time no dialog is open, until the stream is back.
    'live.poll': {
      actions: enqueueActions(({ self, enqueue }) => {
        if (flowsIdle(self)) enqueue('invalidate');
        enqueue('pollLater');
      }),
    },
    'live.status': {
      actions: enqueueActions(({ event, enqueue }) => {
        enqueue.cancel('livePoll');
        if (event.down) enqueue('pollLater');
      }),
    },
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
