// The action runs screen (docs/behaviour.md, Action runs): the paged list of runs, and the repository's live stream,
// which says when a run starts or ends: the screen then reads its route again, so new runs and their statuses show
// without a reload. While the stream is down, it reads again every half minute instead.
import { enqueueActions, raise, setup, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from 'xstate';
import type { ActionRun, Page } from '../../api/types';
import { screenActions, type RouteChanged } from '../../lib/screen';
import { pagedListMachine, type PagedListActorRef } from '../paged-list/machine';
import { repositoryChanges, type LiveUpdate } from '../repository-events/machine';

/** Whose runs the list shows: a repository's, of one branch or commit when the filter names it. */
export interface ActionRunSource {
  repoId: string;
  branch?: string;
  commit?: string;
}

export interface ActionRunsInput {
  source: ActionRunSource;
  firstPage: Page<ActionRun>;
  startAfter?: string | undefined;
  /** The tab's live stream of the repository (none: the list changes only when the user acts). */
  live?: AnyActorRef | undefined;
}

export type ActionRunsEvent = RouteChanged<ActionRunsInput> | LiveUpdate | { type: 'live.poll' };

/** How often the list is read again while the live stream is down. */
export const RUNS_FALLBACK_POLL_MS = 30_000;

const listInput = ({ source, firstPage, startAfter }: ActionRunsInput) => ({ source, firstPage, ...(startAfter !== undefined ? { startAfter } : {}) });

export const actionRunsMachine = setup({
  types: {
    input: {} as ActionRunsInput,
    context: {} as ActionRunsInput,
    events: {} as ActionRunsEvent,
  },
  actors: {
    list: pagedListMachine<ActionRun, ActionRunSource>(),
    live: repositoryChanges,
  },
  actions: {
    ...screenActions,
    pollLater: raise({ type: 'live.poll' } satisfies ActionRunsEvent, { id: 'livePoll', delay: RUNS_FALLBACK_POLL_MS }),
  },
  guards: {
    /** A run of the runs shown started or ended (or events were missed). */
    aboutRuns: ({ context, event }) => {
      if (event.type !== 'live.changed') return false;
      const change = event.event;
      return change.type === 'reload' || (change.type === 'run' && (context.source.branch === undefined || change.branch === context.source.branch));
    },
  },
}).createMachine({
  id: 'actionRuns',
  context: ({ input }) => input,
  invoke: [
    { id: 'list', src: 'list', input: ({ context }) => listInput(context) },
    { id: 'live', src: 'live', input: ({ context }) => ({ live: context.live }) },
  ],
  on: {
    'route.changed': {
      actions: enqueueActions(({ event, enqueue }) => {
        enqueue.assign(event.input);
        enqueue.sendTo('list', { type: 'route.changed', input: listInput(event.input) });
      }),
    },
    'live.changed': { guard: 'aboutRuns', actions: 'invalidate' },
    'live.poll': { actions: ['invalidate', 'pollLater'] },
    'live.status': {
      actions: enqueueActions(({ event, enqueue }) => {
        enqueue.cancel('livePoll');
        if (event.down) enqueue('pollLater');
      }),
    },
  },
});

export type ActionRunsActorRef = ActorRefFrom<typeof actionRunsMachine>;
export type ActionRunsSnapshot = SnapshotFrom<typeof actionRunsMachine>;

/** The runs' list, for the view (it lives as long as the screen). */
export function runsList(snapshot: ActionRunsSnapshot): PagedListActorRef<ActionRun, ActionRunSource> {
  return snapshot.children.list as PagedListActorRef<ActionRun, ActionRunSource>;
}

