// The read-only toggle of Settings → General. The flag itself belongs to the repository's route data; this machine
// owns the change: it saves the new flag (Tarn's PUT settings/read_only), then has the route data read again, so
// every screen (Upload, Delete Repository, the badges) sees the repository as it now is.
import { assign, setup, type ActorRefFrom, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import type { Repository } from '../../api/types';
import { promisePlaceholder } from '../../lib/actor-placeholders';

export interface ReadOnlyInput {
  repoId: string;
}

export interface ReadOnlyContext {
  repoId: string;
  /** The flag being saved, shown by the toggle until the route data has it. */
  pending: boolean | undefined;
  error: unknown;
}

export type ReadOnlyEvent = { type: 'readOnly.set'; readOnly: boolean };

export const repositoryReadOnlyMachine = setup({
  types: {
    input: {} as ReadOnlyInput,
    context: {} as ReadOnlyContext,
    events: {} as ReadOnlyEvent,
  },
  actors: {
    saveReadOnly: promisePlaceholder<Repository, { repoId: string; readOnly: boolean }>('saveReadOnly'),
    /** Reads the repository's route data again (the router's invalidation). */
    refreshRepository: promisePlaceholder<void, void>('refreshRepository'),
  },
  actions: {
    setPending: assign((_, pending: boolean) => ({ pending, error: undefined })),
    clearPending: assign({ pending: undefined }),
    setError: assign((_, error: unknown) => ({ error, pending: undefined })),
  },
}).createMachine({
  id: 'repositoryReadOnly',
  context: ({ input }) => ({ repoId: input.repoId, pending: undefined, error: undefined }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'readOnly.set': { target: 'saving', actions: { type: 'setPending', params: ({ event }) => event.readOnly } },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'saveReadOnly',
        input: ({ context }) => ({ repoId: context.repoId, readOnly: context.pending === true }),
        onDone: 'refreshing',
        onError: { target: 'idle', actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    // Saved: the toggle keeps showing the new flag until the route data has it too.
    refreshing: {
      tags: ['busy'],
      invoke: {
        src: 'refreshRepository',
        onDone: { target: 'idle', actions: 'clearPending' },
        // The layout shows a failed read itself; the flag was saved all the same.
        onError: { target: 'idle', actions: 'clearPending' },
      },
    },
  },
});

export type RepositoryReadOnlyActorRef = ActorRefFrom<typeof repositoryReadOnlyMachine>;
export type RepositoryReadOnlySnapshot = SnapshotFrom<typeof repositoryReadOnlyMachine>;
