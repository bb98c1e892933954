// A pull request's page: close, reopen, edit the title and description (each a PATCH, then the pull request read
// again), and merge through the merge flow, as on Compare (strategy, conflicts resolved per path, errors in the
// modal). A merge changes what the page shows besides the pull request (its changes become the merge commit's), so
// it makes the route load again; what the route read then is the page's (`route.changed`), and the merge flow
// starts over for it. Every refusal is kept for the page to show with the server's message.
import { assign, enqueueActions, sendParent, setup, type ActorRefFrom, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import type { PullRequest, PullRequestBasic } from '../../api/types';
import { promisePlaceholder } from '../../lib/actor-placeholders';
import { screenActions, type RouteChanged } from '../../lib/screen';
import { mergeMachine, type MergeInput } from '../merge/machine';

export interface PullRequestInput {
  repoId: string;
  pull: PullRequest;
  readOnly: boolean;
  /** The source has changes against the destination (there is something to merge). */
  hasChanges: boolean;
}

export interface PullRequestContext extends PullRequestInput {
  /** The edit form's title and description. */
  draftTitle: string;
  draftDescription: string;
  error: unknown;
}

export type PullRequestEvent =
  | { type: 'pull.close' }
  | { type: 'pull.reopen' }
  | { type: 'edit.start' }
  | { type: 'edit.title'; value: string }
  | { type: 'edit.description'; value: string }
  | { type: 'edit.cancel' }
  | { type: 'edit.save' }
  /** Sent by the merge flow once the pull request is merged. */
  | { type: 'pull.merged' }
  | RouteChanged<PullRequestInput>;

export interface PullRequestUpdate {
  repoId: string;
  id: string;
  update: PullRequestBasic;
}

export interface PullRequestRead {
  repoId: string;
  id: string;
}

/** The merge flow of a pull request: it tells the page when the merge is done. */
export const pullRequestMergeMachine = mergeMachine.provide({
  actions: { merged: sendParent({ type: 'pull.merged' }) },
});

const mergeInput = ({ repoId, pull, readOnly, hasChanges }: PullRequestInput): MergeInput => ({
  repoId,
  pullId: pull.id,
  source: pull.source_branch,
  dest: pull.destination_branch,
  readOnly,
  hasChanges,
});

const update = (context: PullRequestContext, body: PullRequestBasic): PullRequestUpdate => ({
  repoId: context.repoId,
  id: context.pull.id,
  update: body,
});

export const pullRequestMachine = setup({
  types: {
    input: {} as PullRequestInput,
    context: {} as PullRequestContext,
    events: {} as PullRequestEvent,
    children: {} as { merge: 'merge' },
  },
  actors: {
    updatePullRequest: promisePlaceholder<void, PullRequestUpdate>('updatePullRequest'),
    loadPullRequest: promisePlaceholder<PullRequest, PullRequestRead>('loadPullRequest'),
    merge: pullRequestMergeMachine,
  },
  actions: {
    ...screenActions,
    setError: assign((_, error: unknown) => ({ error })),
  },
  guards: {
    isOpen: ({ context }) => context.pull.status === 'open',
    isClosed: ({ context }) => context.pull.status === 'closed',
    titleGiven: ({ context }) => context.draftTitle.trim() !== '',
  },
}).createMachine({
  id: 'pullRequest',
  context: ({ input }) => ({ ...input, draftTitle: '', draftDescription: '', error: null }),
  entry: enqueueActions(({ context, enqueue }) => enqueue.spawnChild('merge', { id: 'merge', input: mergeInput(context) })),
  on: {
    'pull.merged': { actions: 'invalidate' },
    // The route read again (after a merge, or a refresh): the pull request as read, and a merge flow for it.
    'route.changed': {
      actions: enqueueActions(({ event, enqueue }) => {
        enqueue.assign(event.input);
        enqueue.stopChild('merge');
        enqueue.spawnChild('merge', { id: 'merge', input: mergeInput(event.input) });
      }),
    },
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'pull.close': { guard: 'isOpen', target: 'closing' },
        'pull.reopen': { guard: 'isClosed', target: 'reopening' },
        'edit.start': {
          target: 'editing',
          actions: assign({ draftTitle: ({ context }) => context.pull.title, draftDescription: ({ context }) => context.pull.description }),
        },
      },
    },
    editing: {
      on: {
        'edit.title': { actions: assign({ draftTitle: ({ event }) => event.value }) },
        'edit.description': { actions: assign({ draftDescription: ({ event }) => event.value }) },
        'edit.cancel': { target: 'idle', actions: assign({ error: null }) },
        'edit.save': { guard: 'titleGiven', target: 'saving' },
      },
    },
    saving: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        src: 'updatePullRequest',
        input: ({ context }) => update(context, { title: context.draftTitle.trim(), description: context.draftDescription }),
        onDone: 'loading',
        onError: { target: 'editing', actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    closing: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        src: 'updatePullRequest',
        input: ({ context }) => update(context, { status: 'closed' }),
        onDone: 'loading',
        onError: { target: 'idle', actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    reopening: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        src: 'updatePullRequest',
        input: ({ context }) => update(context, { status: 'open' }),
        onDone: 'loading',
        onError: { target: 'idle', actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadPullRequest',
        input: ({ context }) => ({ repoId: context.repoId, id: context.pull.id }),
        onDone: { target: 'idle', actions: assign({ pull: ({ event }) => event.output }) },
        onError: { target: 'idle', actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
  },
});

export type PullRequestActorRef = ActorRefFrom<typeof pullRequestMachine>;
export type PullRequestSnapshot = SnapshotFrom<typeof pullRequestMachine>;
