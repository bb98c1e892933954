// The line-by-line changes of one object of a diff, shown under its row on request (docs/behaviour.md, Uncommitted changes: text formats only,
// at most 122880 bytes a side). One actor per shown row.
import { assign, setup, type ActorRefFrom, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import type { Diff } from '../../api/types';
import { promisePlaceholder } from '../../lib/actor-placeholders';
import type { ObjectDiffSides } from '../../lib/content-diff';
import type { DiffLine } from '../../lib/line-diff';

export interface ObjectDiffInput {
  entry: Diff;
  /** Where the entry's old and new content are read. */
  sides: ObjectDiffSides;
}

export interface ObjectDiffContext {
  entry: Diff;
  sides: ObjectDiffSides;
  lines: DiffLine[];
  error: unknown;
}

export type ObjectDiffEvent = { type: 'diff.retry' };

export const objectDiffMachine = setup({
  types: {
    input: {} as ObjectDiffInput,
    context: {} as ObjectDiffContext,
    events: {} as ObjectDiffEvent,
  },
  actors: {
    loadObjectDiff: promisePlaceholder<DiffLine[], ObjectDiffInput>('loadObjectDiff'),
  },
  actions: {
    setLines: assign((_, lines: DiffLine[]) => ({ lines, error: null })),
    setError: assign((_, error: unknown) => ({ error })),
  },
}).createMachine({
  id: 'objectDiff',
  context: ({ input }) => ({ entry: input.entry, sides: input.sides, lines: [], error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadObjectDiff',
        input: ({ context }) => ({ entry: context.entry, sides: context.sides }),
        onDone: { target: 'shown', actions: { type: 'setLines', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    shown: {},
    failed: {
      on: { 'diff.retry': 'loading' },
    },
  },
});

export type ObjectDiffActorRef = ActorRefFrom<typeof objectDiffMachine>;
export type ObjectDiffSnapshot = SnapshotFrom<typeof objectDiffMachine>;
