// The search box of every filtered list (see docs/behaviour.md, Conventions): what is typed takes effect once typing has
// paused for FILTER_DEBOUNCE_MS, and then only if it differs from the filter in effect; the owner of the list (its
// parent) hears `filter.settled` and applies it. When the filter in effect changes from outside (the back button, a
// link), the owner says so with `filter.show`: the box shows it, unless it is the echo of what was typed here. When the
// owner puts a filter in effect at once itself (an emptied finder box, another tab's filter), it says so with
// `filter.set`: that is no echo, so it always wins over a pause in progress.
import { assign, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';

/** The binding pause between the last keystroke and the filter taking effect. */
export const FILTER_DEBOUNCE_MS = 300;

export interface DebouncedFilterInput {
  /** The filter in effect when the box opens. */
  text: string;
  /** The pause; FILTER_DEBOUNCE_MS unless the owner's flow has its own. */
  delayMs?: number;
}

export interface DebouncedFilterContext {
  /** What the box shows. */
  text: string;
  /** The filter in effect: the last one settled or shown. */
  applied: string;
  delayMs: number;
}

export type DebouncedFilterEvent =
  /** The user typed. */
  | { type: 'filter.input'; text: string }
  /** The filter in effect changed outside the box. */
  | { type: 'filter.show'; text: string }
  /** The owner put this filter in effect itself, without waiting for a pause. */
  | { type: 'filter.set'; text: string };

/** What a box owner forwards of a keystroke: the text typed, without the blanks around it. */
export function typedFilter(text: string): DebouncedFilterEvent {
  return { type: 'filter.input', text: text.trim() };
}

/** What the owner hears once typing has paused on a new filter. */
export interface FilterSettled {
  type: 'filter.settled';
  text: string;
}

export const debouncedFilterMachine = setup({
  types: {
    input: {} as DebouncedFilterInput,
    context: {} as DebouncedFilterContext,
    events: {} as DebouncedFilterEvent,
  },
  delays: {
    debounce: ({ context }) => context.delayMs,
  },
  guards: {
    changed: ({ context }) => context.text !== context.applied,
    notApplied: ({ context }, text: string) => text !== context.applied,
  },
  actions: {
    /** Tells the owner the filter to apply. */
    settle: sendParent(({ context }): FilterSettled => ({ type: 'filter.settled', text: context.text })),
  },
}).createMachine({
  id: 'debouncedFilter',
  context: ({ input }) => ({ text: input.text, applied: input.text, delayMs: input.delayMs ?? FILTER_DEBOUNCE_MS }),
  initial: 'idle',
  on: {
    'filter.input': { target: '.typing', reenter: true, actions: assign({ text: ({ event }) => event.text }) },
    'filter.show': {
      guard: { type: 'notApplied', params: ({ event }) => event.text },
      target: '.idle',
      actions: assign({ text: ({ event }) => event.text, applied: ({ event }) => event.text }),
    },
    'filter.set': { target: '.idle', actions: assign({ text: ({ event }) => event.text, applied: ({ event }) => event.text }) },
  },
  states: {
    idle: {},
    typing: {
      after: {
        debounce: [
          { guard: 'changed', target: 'idle', actions: [assign({ applied: ({ context }) => context.text }), 'settle'] },
          { target: 'idle' },
        ],
      },
    },
  },
});

export type DebouncedFilterActorRef = ActorRefFrom<typeof debouncedFilterMachine>;
export type DebouncedFilterSnapshot = SnapshotFrom<typeof debouncedFilterMachine>;
