// A list's prefix box whose filter lives in the URL (`prefix`, docs/behaviour.md, Conventions): the shared debounced
// filter decides when typing has paused, and this puts the settled prefix in the URL (dropping the cursor, replacing
// the entry, so Back does not step through keystrokes). The URL can also change without typing (Back, a link): the
// route says so with `route.changed`, and the box shows the new prefix unless it is the echo of what was typed here.
import { sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { screenActions, type Navigation, type RouteChanged } from '../../lib/screen';
import { debouncedFilterMachine, type DebouncedFilterActorRef, type FilterSettled } from '../debounced-filter/machine';

export interface PrefixSearchInput {
  /** The prefix in the URL. */
  prefix: string | undefined;
}

export type PrefixSearchEvent = FilterSettled | RouteChanged<PrefixSearchInput>;

const prefixAt = (prefix: string): Navigation => ({
  to: '.',
  search: (prev) => ({ ...prev, prefix: prefix || undefined, after: undefined }),
  replace: true,
});

export const prefixSearchMachine = setup({
  types: {
    input: {} as PrefixSearchInput,
    context: {} as { prefix: string },
    events: {} as PrefixSearchEvent,
  },
  actors: {
    filter: debouncedFilterMachine,
  },
  actions: {
    ...screenActions,
  },
}).createMachine({
  id: 'prefixSearch',
  context: ({ input }) => ({ prefix: input.prefix ?? '' }),
  invoke: { id: 'filter', src: 'filter', input: ({ context }) => ({ text: context.prefix }) },
  on: {
    'filter.settled': { actions: { type: 'navigate', params: ({ event }) => prefixAt(event.text) } },
    'route.changed': { actions: sendTo('filter', ({ event }) => ({ type: 'filter.show' as const, text: event.input.prefix ?? '' })) },
  },
});

/** The box's own flow: what it shows and what the user types. */
export function prefixFilter(snapshot: PrefixSearchSnapshot): DebouncedFilterActorRef {
  return snapshot.children.filter as DebouncedFilterActorRef;
}

export type PrefixSearchActorRef = ActorRefFrom<typeof prefixSearchMachine>;
export type PrefixSearchSnapshot = SnapshotFrom<typeof prefixSearchMachine>;
