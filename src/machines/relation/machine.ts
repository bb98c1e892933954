// One of the links between users, groups and policies (docs/behaviour.md, Access control): a user's groups, a user's or a
// group's attached policies, a group's members. 'Add'/'Attach' opens a picker that searches by prefix (5 results,
// docs/behaviour.md, Access control), where the user ticks several candidates, across searches, and adds them in one
// go: each by its own call, one after another. Those that fail stay ticked with their error; what was added is
// summed up. Remove/Detach asks first, and a refusal is shown in an alert dialog.
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

/** A search's answer: the ids offered, whether more match, and how many match in all when the server says. */
export interface CandidatePage {
  ids: string[];
  hasMore: boolean;
  /** How many match, when counted; with `totalIsAtLeast`, counting stopped there. */
  total?: number;
  totalIsAtLeast?: boolean;
}

/** A candidate whose add failed, and why. */
export interface FailedAdd {
  id: string;
  error: unknown;
}

export interface RelationContext extends RelationInput {
  /** The picker's search text. */
  prefix: string;
  /** What the last search offered. */
  candidates: CandidatePage;
  /** The ticked candidates, in the order ticked; kept when the search changes. */
  selected: string[];
  /** Of the batch being added, those not yet asked for, the one being added first. */
  queue: string[];
  /** What the last batch added. */
  added: string[];
  /** What the last batch could not add; each stays ticked until added or unticked. */
  failed: FailedAdd[];
  /** The row whose removal is being confirmed or made. */
  removing: string | null;
  error: unknown;
}

export type RelationEvent =
  | { type: 'picker.open' }
  | { type: 'picker.toggle'; id: string }
  | { type: 'picker.add' }
  | { type: 'picker.close' }
  | { type: 'receipt.dismiss' }
  | { type: 'remove.request'; id: string }
  | { type: 'remove.confirm' }
  | { type: 'remove.cancel' }
  | { type: 'error.dismiss' };

/** A link made or removed: of `owner`, to `id`. */
export interface RelationChange {
  owner: string;
  id: string;
}

const noCandidates: CandidatePage = { ids: [], hasMore: false };

export const relationMachine = setup({
  types: {
    input: {} as RelationInput,
    context: {} as RelationContext,
    events: {} as RelationEvent | FilterSettled,
  },
  actors: {
    filter: debouncedFilterMachine,
    search: promisePlaceholder<CandidatePage, { prefix: string; amount: number }>('search'),
    add: promisePlaceholder<void, RelationChange>('add'),
    remove: promisePlaceholder<void, RelationChange>('remove'),
  },
  actions: {
    ...screenActions,
    reloadPermissions: sendTo(({ context }) => context.session, { type: 'permissions.reload' as const }),
    setError: assign((_, error: unknown) => ({ error })),
    toggle: assign(({ context }, id: string) =>
      context.selected.includes(id)
        ? { selected: context.selected.filter((other) => other !== id), failed: context.failed.filter((failure) => failure.id !== id) }
        : { selected: [...context.selected, id] },
    ),
    recordAdded: assign(({ context }) => ({ added: [...context.added, ...context.queue.slice(0, 1)], queue: context.queue.slice(1) })),
    recordFailed: assign(({ context }, error: unknown) => ({
      failed: [...context.failed, ...context.queue.slice(0, 1).map((id) => ({ id, error }))],
      queue: context.queue.slice(1),
    })),
    keepFailedSelected: assign(({ context }) => ({ selected: context.failed.map((failure) => failure.id) })),
  },
  guards: {
    hasSelection: ({ context }) => context.selected.length > 0,
    moreQueued: ({ context }) => context.queue.length > 1,
    noneFailed: ({ context }) => context.failed.length === 0,
    someAdded: ({ context }) => context.added.length > 0,
  },
}).createMachine({
  id: 'relation',
  context: ({ input }) => ({
    ...input,
    prefix: '',
    candidates: noCandidates,
    selected: [],
    queue: [],
    added: [],
    failed: [],
    removing: null,
    error: undefined,
  }),
  initial: 'idle',
  states: {
    idle: {
      entry: assign({ removing: null, error: undefined }),
      on: {
        'picker.open': {
          target: 'picking',
          actions: assign({ prefix: '', candidates: noCandidates, selected: [], added: [], failed: [] }),
        },
        'receipt.dismiss': { actions: assign({ added: [] }) },
        'remove.request': { target: 'confirmingRemove', actions: assign({ removing: ({ event }) => event.id }) },
      },
    },
    picking: {
      initial: 'searching',
      // The picker's search box is the shared debounced filter: a search starts once typing pauses.
      invoke: { id: 'filter', src: 'filter', input: ({ context }) => ({ text: context.prefix }) },
      on: {
        'filter.settled': { target: '.searching', reenter: true, actions: assign({ prefix: ({ event }) => event.text }) },
        'picker.toggle': { actions: { type: 'toggle', params: ({ event }) => event.id } },
        'picker.add': { guard: 'hasSelection', target: 'adding' },
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
        ready: {},
      },
    },
    adding: {
      tags: ['busy'],
      entry: assign({ queue: ({ context }) => context.selected, added: [], failed: [], error: undefined }),
      initial: 'one',
      states: {
        one: {
          invoke: {
            src: 'add',
            input: ({ context }) => ({ owner: context.owner, id: context.queue[0] ?? '' }),
            onDone: [
              { guard: 'moreQueued', target: 'one', reenter: true, actions: 'recordAdded' },
              { target: 'summing', actions: 'recordAdded' },
            ],
            onError: [
              {
                guard: 'moreQueued',
                target: 'one',
                reenter: true,
                actions: { type: 'recordFailed', params: ({ event }: { event: ErrorActorEvent }) => event.error },
              },
              { target: 'summing', actions: { type: 'recordFailed', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
            ],
          },
        },
        // All asked for: the picker closes when all were added; otherwise it stays, on the ones that failed.
        summing: {
          always: [
            { guard: 'noneFailed', target: '#relation.idle', actions: ['invalidate', 'reloadPermissions'] },
            { guard: 'someAdded', target: '#relation.picking.ready', actions: ['keepFailedSelected', 'invalidate', 'reloadPermissions'] },
            { target: '#relation.picking.ready', actions: 'keepFailedSelected' },
          ],
        },
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
