// The change summary (docs/behaviour.md, Uncommitted changes): counted on request (or at once, where the counts belong
// with the list, as on Compare), in pages of 1000, stopping at 10000 objects; the user may then count the next 10000,
// and so on.
import { assign, setup, type ActorRefFrom, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import type { DiffSource } from '../../api/diff';
import { promisePlaceholder } from '../../lib/actor-placeholders';
import type { ChangeCounts } from './count';

/** What is counted: the changes of a source under a prefix. */
export interface ChangeSummaryInput {
  source: DiffSource;
  prefix: string;
  /** Counts without waiting to be asked. */
  countAtOnce?: boolean;
}

/** What `count` is asked for: up to the cap more changes, on from `from` when given. */
export interface CountRequest extends ChangeSummaryInput {
  from: ChangeCounts | undefined;
}

export interface ChangeSummaryContext extends ChangeSummaryInput {
  summary: ChangeCounts | null;
  error: unknown;
}

export type ChangeSummaryEvent = { type: 'summary.count' } | { type: 'summary.more' } | { type: 'summary.retry' };

export const changeSummaryMachine = setup({
  types: {
    input: {} as ChangeSummaryInput,
    context: {} as ChangeSummaryContext,
    events: {} as ChangeSummaryEvent,
  },
  actors: {
    /** Counts up to the cap more changes, on from `from` when given. */
    count: promisePlaceholder<ChangeCounts, CountRequest>('count'),
  },
  actions: {
    setSummary: assign((_, summary: ChangeCounts) => ({ summary, error: null })),
    setError: assign((_, error: unknown) => ({ error })),
  },
  guards: {
    capped: ({ context }) => context.summary?.resumeAfter !== undefined,
    countAtOnce: ({ context }) => context.countAtOnce === true,
  },
}).createMachine({
  id: 'changeSummary',
  context: ({ input }) => ({ ...input, summary: null, error: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'countAtOnce', target: 'counting' }, { target: 'idle' }],
    },
    idle: {
      on: { 'summary.count': 'counting' },
    },
    counting: {
      tags: ['busy'],
      invoke: {
        src: 'count',
        input: ({ context }) => ({ source: context.source, prefix: context.prefix, from: context.summary ?? undefined }),
        onDone: { target: 'counted', actions: { type: 'setSummary', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    counted: {
      on: { 'summary.more': { guard: 'capped', target: 'counting' } },
    },
    // A retry goes on from what was counted before the failure.
    failed: {
      on: { 'summary.retry': 'counting' },
    },
  },
});

export type ChangeSummaryActorRef = ActorRefFrom<typeof changeSummaryMachine>;
export type ChangeSummarySnapshot = SnapshotFrom<typeof changeSummaryMachine>;
