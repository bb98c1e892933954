// One of the links between users, groups and policies (docs/behaviour.md, Access control): a user's groups, a user's or a
// group's attached policies, a group's members. 'Add'/'Attach' opens a picker that searches by prefix (5 results,
// docs/behaviour.md, Access control) and links the one chosen; Remove/Detach asks first, and a refusal is shown in an alert dialog.
// Each change reads the route's data again, and the session the user's effective policies (the change may have been
// to the user's own).
import { assign, sendTo, setup, type ActorRefFrom, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import { promisePlaceholder } from '../../lib/actor-placeholders';
import { screenActions } from '../../lib/screen';
import { debouncedFilterMachine, type DebouncedFilterActorRef, type FilterSettled } from '../debounced-filter/machine';
import type { SessionActorRef } from '../session/machine';

/** The picker offers this many matches of the search (docs/behaviour.md, Access control). */
export const PICKER_SEARCH_RESULTS = 5;

export interface RelationInput {
  session: SessionActorRef;
  /** The user or group whose links these are. */
  owner: string;
}

export interface RelationContext extends RelationInput {
  /** The picker's search text. */
  prefix: string;
  /** The ids the picker offers. */
  candidates: string[];
  /** The row whose removal is being confirmed or made. */
  removing: string | null;
  error: unknown;
}

export type RelationEvent =
  | { type: 'picker.open' }
  | { type: 'picker.choose'; id: string }
  | { type: 'picker.close' }
  | { type: 'remove.request'; id: string }
  | { type: 'remove.confirm' }
  | { type: 'remove.cancel' }
  | { type: 'error.dismiss' };

/** A link made or removed: of `owner`, to `id`. */
export interface RelationChange {
  owner: string;
  id: string;
}

export const relationMachine = setup({
  types: {
    input: {} as RelationInput,
    context: {} as RelationContext,
    events: {} as RelationEvent | FilterSettled,
  },
  actors: {
    filter: debouncedFilterMachine,
    search: promisePlaceholder<string[], { prefix: string; amount: number }>('search'),
    add: promisePlaceholder<void, RelationChange>('add'),
    remove: promisePlaceholder<void, RelationChange>('remove'),
  },
  actions: {
    ...screenActions,
    reloadPermissions: sendTo(({ context }) => context.session, { type: 'permissions.reload' as const }),
    setError: assign((_, error: unknown) => ({ error })),
  },
}).createMachine({
  id: 'relation',
  context: ({ input }) => ({ ...input, prefix: '', candidates: [], removing: null, error: undefined }),
  initial: 'idle',
  states: {
    idle: {
      entry: assign({ removing: null, error: undefined }),
      on: {
        'picker.open': { target: 'picking', actions: assign({ prefix: '', candidates: [] }) },
        'remove.request': { target: 'confirmingRemove', actions: assign({ removing: ({ event }) => event.id }) },
      },
    },
    picking: {
      initial: 'searching',
      // The picker's search box is the shared debounced filter: a search starts once typing pauses.
      invoke: { id: 'filter', src: 'filter', input: ({ context }) => ({ text: context.prefix }) },
      on: {
        'filter.settled': { target: '.searching', reenter: true, actions: assign({ prefix: ({ event }) => event.text }) },
        'picker.close': 'idle',
      },
      states: {
        searching: {
          tags: ['searching'],
          invoke: {
            src: 'search',
            input: ({ context }) => ({ prefix: context.prefix, amount: PICKER_SEARCH_RESULTS }),
            onDone: { target: 'ready', actions: assign({ candidates: ({ event }) => event.output, error: undefined }) },
            onError: { target: 'ready', actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
          },
        },
        ready: {
          on: { 'picker.choose': '#relation.adding' },
        },
      },
    },
    adding: {
      tags: ['busy'],
      invoke: {
        src: 'add',
        input: ({ context, event }) => ({ owner: context.owner, id: event.type === 'picker.choose' ? event.id : '' }),
        onDone: { target: 'idle', actions: ['invalidate', 'reloadPermissions'] },
        onError: { target: 'picking.ready', actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    confirmingRemove: {
      on: { 'remove.confirm': 'removing', 'remove.cancel': 'idle' },
    },
    removing: {
      tags: ['busy'],
      invoke: {
        src: 'remove',
        input: ({ context }) => ({ owner: context.owner, id: context.removing ?? '' }),
        onDone: { target: 'idle', actions: ['invalidate', 'reloadPermissions'] },
        onError: { target: 'removeFailed', actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    removeFailed: {
      on: { 'error.dismiss': 'idle' },
    },
  },
});

/** The picker's search box, while the picker takes searches. */
export function pickerFilter(snapshot: RelationSnapshot): DebouncedFilterActorRef | undefined {
  return snapshot.children.filter as DebouncedFilterActorRef | undefined;
}

export type RelationActorRef = ActorRefFrom<typeof relationMachine>;
export type RelationSnapshot = SnapshotFrom<typeof relationMachine>;
