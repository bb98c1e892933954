// The read-only toggle of Settings → General. The flag itself belongs to the repository's route data; this machine
// owns the change: it saves the new flag (Tarn's PUT settings/read_only), then has the route data read again
// (`invalidate`) and waits for it (`route.changed`), so every screen (Upload, Delete Repository, the badges) sees the
// repository as it now is before the toggle settles.
import { assign, setup, type ActorRefFrom, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import type { Repository } from '../../api/types';
import { promisePlaceholder } from '../../lib/actor-placeholders';
import { screenActions, type RouteChanged } from '../../lib/screen';

export interface ReadOnlyInput {
  /** The repository as the route data has it (read again after every change of the flag). */
  repo: Pick<Repository, 'id' | 'read_only'>;
}

export interface ReadOnlyContext {
  repoId: string;
  /** The flag as the route data has it. */
  readOnly: boolean;
  /** The flag being saved, shown by the toggle until the route data has it. */
  pending: boolean | undefined;
  error: unknown;
}

export type ReadOnlyEvent = { type: 'readOnly.set'; readOnly: boolean } | RouteChanged<ReadOnlyInput>;

const routeContext = (input: ReadOnlyInput) => ({ repoId: input.repo.id, readOnly: input.repo.read_only === true });

export const repositoryReadOnlyMachine = setup({
  types: {
    input: {} as ReadOnlyInput,
    context: {} as ReadOnlyContext,
    events: {} as ReadOnlyEvent,
  },
  actors: {
    saveReadOnly: promisePlaceholder<Repository, { repoId: string; readOnly: boolean }>('saveReadOnly'),
  },
  actions: {
    ...screenActions,
    takeRoute: assign((_, input: ReadOnlyInput) => routeContext(input)),
    setPending: assign((_, pending: boolean) => ({ pending, error: undefined })),
    clearPending: assign({ pending: undefined }),
    setError: assign((_, error: unknown) => ({ error, pending: undefined })),
  },
}).createMachine({
  id: 'repositoryReadOnly',
  context: ({ input }) => ({ ...routeContext(input), pending: undefined, error: undefined }),
  initial: 'idle',
  on: {
    'route.changed': { actions: { type: 'takeRoute', params: ({ event }) => event.input } },
  },
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
    // Saved: the toggle keeps showing the new flag until the route data has been read again. (A failed read is the
    // layout's to show, in place of this page.)
    refreshing: {
      tags: ['busy'],
      entry: 'invalidate',
      on: {
        'route.changed': { target: 'idle', actions: [{ type: 'takeRoute', params: ({ event }) => event.input }, 'clearPending'] },
      },
    },
  },
});

export type RepositoryReadOnlyActorRef = ActorRefFrom<typeof repositoryReadOnlyMachine>;
export type RepositoryReadOnlySnapshot = SnapshotFrom<typeof repositoryReadOnlyMachine>;

/** The flag the toggle shows: the one being saved, else the route data's. */
export const shownReadOnly = (snapshot: RepositoryReadOnlySnapshot): boolean => snapshot.context.pending ?? snapshot.context.readOnly;
