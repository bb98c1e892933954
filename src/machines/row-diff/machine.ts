// The row-level diff of one data object of a diff (parquet, csv or tsv), shown under its row on request: both
// versions' columns are read, a key column is chosen (one that looks like a key, else the first common column), and
// DuckDB compares the rows on it. The user can pick another key, cancel a comparison that takes long, and retry.
// One actor per shown row; the engine is reached only through the injected actors.
import { assign, setup, type ActorRefFrom, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import type { Diff } from '../../api/types';
import { promisePlaceholder } from '../../lib/actor-placeholders';
import type { ObjectDiffSides } from '../../lib/content-diff';
import type { ColumnPlan, RowDiffOutcome, RowDiffSources } from '../../lib/sql/row-diff';

export interface RowDiffInput {
  entry: Diff;
  /** Where the entry's old and new versions are read. */
  sides: ObjectDiffSides;
  /** The queries that read the two versions, when they are not the entry's object at each side (a table's snapshots). */
  sources?: RowDiffSources;
}

export interface CompareRowsInput extends RowDiffInput {
  plan: ColumnPlan;
  key: string;
}

export interface RowDiffContext {
  entry: Diff;
  sides: ObjectDiffSides;
  sources: RowDiffSources | undefined;
  /** Both versions' columns, once read. */
  plan: ColumnPlan | undefined;
  /** The key column of the comparison shown or running. */
  key: string | undefined;
  outcome: RowDiffOutcome | undefined;
  error: unknown;
}

export type RowDiffEvent = { type: 'key.pick'; key: string } | { type: 'rows.retry' } | { type: 'rows.cancel' };

export const NO_COMMON_COLUMNS = 'The two versions have no column in common, so their rows cannot be matched.';

/** The column a comparison starts with: `id`, then `key`, then one ending in `_id` (any case), else the first. */
export function defaultKeyColumn(names: readonly string[]): string | undefined {
  const lower = names.map((name) => name.toLowerCase());
  const named = (index: number) => (index === -1 ? undefined : names[index]);
  return named(lower.indexOf('id')) ?? named(lower.indexOf('key')) ?? named(lower.findIndex((name) => name.endsWith('_id'))) ?? names[0];
}

export const rowDiffMachine = setup({
  types: {
    input: {} as RowDiffInput,
    context: {} as RowDiffContext,
    events: {} as RowDiffEvent,
  },
  actors: {
    describeSides: promisePlaceholder<ColumnPlan, RowDiffInput>('describeSides'),
    compareRows: promisePlaceholder<RowDiffOutcome, CompareRowsInput>('compareRows'),
  },
  actions: {
    setError: assign((_, error: unknown) => ({ error })),
  },
  guards: {
    // The columns are known and a key can be chosen among them.
    comparable: ({ context }) => (context.plan?.common.length ?? 0) > 0,
    noCommonColumns: ({ context }) => context.plan?.common.length === 0,
    duplicateKeys: (_, outcome: RowDiffOutcome) => outcome.kind === 'duplicateKeys',
  },
}).createMachine({
  id: 'rowDiff',
  context: ({ input }) => ({ entry: input.entry, sides: input.sides, sources: input.sources, plan: undefined, key: undefined, outcome: undefined, error: undefined }),
  initial: 'describing',
  on: {
    // Any time the columns are known, even while a comparison runs: the running one is dropped for the new key.
    'key.pick': {
      guard: 'comparable',
      target: '.comparing',
      reenter: true,
      actions: assign({ key: ({ event }) => event.key }),
    },
  },
  states: {
    describing: {
      tags: ['busy'],
      entry: assign({ error: undefined }),
      invoke: {
        src: 'describeSides',
        input: ({ context }) => ({ entry: context.entry, sides: context.sides, sources: context.sources }),
        onDone: { target: 'choosingKey', actions: assign({ plan: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
      on: { 'rows.cancel': 'cancelled' },
    },
    choosingKey: {
      always: [
        { guard: 'noCommonColumns', target: 'failed', actions: { type: 'setError', params: () => new Error(NO_COMMON_COLUMNS) } },
        {
          target: 'comparing',
          actions: assign({
            key: ({ context }) => defaultKeyColumn(context.plan?.common.map((column) => column.name) ?? []),
          }),
        },
      ],
    },
    comparing: {
      tags: ['busy'],
      entry: assign({ error: undefined, outcome: undefined }),
      invoke: {
        src: 'compareRows',
        input: ({ context }) => ({ entry: context.entry, sides: context.sides, sources: context.sources, plan: context.plan as ColumnPlan, key: context.key as string }),
        onDone: [
          {
            guard: { type: 'duplicateKeys', params: ({ event }) => event.output },
            target: 'duplicateKeys',
            actions: assign({ outcome: ({ event }) => event.output }),
          },
          { target: 'shown', actions: assign({ outcome: ({ event }) => event.output }) },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
      on: { 'rows.cancel': 'cancelled' },
    },
    shown: {},
    /** The key repeats on a side: the view asks for another key. */
    duplicateKeys: {},
    failed: {
      on: { 'rows.retry': [{ guard: 'comparable', target: 'comparing' }, { target: 'describing' }] },
    },
    cancelled: {
      on: { 'rows.retry': [{ guard: 'comparable', target: 'comparing' }, { target: 'describing' }] },
    },
  },
});

export type RowDiffActorRef = ActorRefFrom<typeof rowDiffMachine>;
export type RowDiffSnapshot = SnapshotFrom<typeof rowDiffMachine>;
