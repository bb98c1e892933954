// Deleting a repository (docs/behaviour.md, Repositories; Repository settings). Two ways in: the settings
// modal asks the user to type the repository id before it deletes; the 410 warning of a repository already being
// deleted pushes the deletion again at once. Either ends on the repository list.
import { assign, setup, type ActorRefFrom, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import { promisePlaceholder } from '../../lib/actor-placeholders';
import { screenActions } from '../../lib/screen';

export const DELETE_CONFIRM_LABEL = 'I understand the consequences, delete this repository';

export interface DeleteRepositoryInput {
  repoId: string;
}

export interface DeleteRepositoryContext {
  repoId: string;
  /** What the user typed to confirm; the deletion goes ahead only when it is the repository id. */
  confirmation: string;
  error: unknown;
}

export type DeleteRepositoryEvent =
  /** Opens the confirmation (the settings modal). */
  | { type: 'delete.open' }
  | { type: 'confirmation.change'; value: string }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  /** Deletes again without asking: the server said the repository is already being deleted (410). */
  | { type: 'delete.retry' };

const deleteInvoke = {
  src: 'deleteRepository',
  input: ({ context }: { context: DeleteRepositoryContext }) => ({ repoId: context.repoId }),
} as const;

export const deleteRepositoryMachine = setup({
  types: {
    input: {} as DeleteRepositoryInput,
    context: {} as DeleteRepositoryContext,
    events: {} as DeleteRepositoryEvent,
  },
  actors: {
    deleteRepository: promisePlaceholder<void, { repoId: string }>('deleteRepository'),
  },
  actions: {
    ...screenActions,
    startConfirming: assign({ confirmation: '', error: null }),
    setConfirmation: assign((_, confirmation: string) => ({ confirmation })),
    setError: assign((_, error: unknown) => ({ error })),
    clearError: assign({ error: null }),
  },
  guards: {
    confirmed: ({ context }) => context.confirmation === context.repoId,
  },
}).createMachine({
  id: 'deleteRepository',
  context: ({ input }) => ({ repoId: input.repoId, confirmation: '', error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'delete.open': { target: 'confirming', actions: 'startConfirming' },
        'delete.retry': 'retrying',
      },
    },
    confirming: {
      on: {
        'confirmation.change': { actions: { type: 'setConfirmation', params: ({ event }) => event.value } },
        'delete.confirm': { guard: 'confirmed', target: 'deleting' },
        'delete.cancel': 'idle',
      },
    },
    // From the modal: a failure is shown in the modal, which stays open.
    deleting: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        ...deleteInvoke,
        onDone: 'deleted',
        onError: {
          target: 'confirming',
          actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    // From the 410 warning: a failure is shown under the warning, whose button tries again.
    retrying: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        ...deleteInvoke,
        onDone: 'deleted',
        onError: {
          target: 'idle',
          actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    // Leaves the deleted repository for the repository list.
    deleted: { type: 'final', entry: { type: 'navigate', params: { to: '/repositories' } } },
  },
});

export type DeleteRepositoryActorRef = ActorRefFrom<typeof deleteRepositoryMachine>;
export type DeleteRepositorySnapshot = SnapshotFrom<typeof deleteRepositoryMachine>;
