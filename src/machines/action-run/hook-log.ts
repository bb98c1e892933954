// One hook execution's expandable log (docs/behaviour.md, Action runs). Expanding reads the log; while the hook runs
// the log is read again every poll, so it grows as the hook writes; when the run's poll says the hook ended, it is
// read once more for its last lines. A skipped hook has no log and cannot be expanded.
import { assign, setup, type ActorRefFrom, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import type { HookRun } from '../../api/types';
import { promisePlaceholder } from '../../lib/actor-placeholders';
import { hasEnded } from './status';

/** How often a running action run, and the log of a running hook, are read again. */
export const ACTION_RUN_POLL_MS = 2000;

export interface HookLogInput {
  repoId: string;
  runId: string;
  hookRunId: string;
  status: HookRun['status'];
}

export interface HookLogContext extends HookLogInput {
  /** The log as last read. */
  text: string | undefined;
  error: unknown;
}

export interface HookOutputRequest {
  repoId: string;
  runId: string;
  hookRunId: string;
}

export type HookLogEvent =
  | { type: 'log.toggle' }
  | { type: 'log.retry' }
  /** The run's poll read the hook again (sent by the run's machine). */
  | { type: 'hook.update'; status: HookRun['status'] };

export const hookLogMachine = setup({
  types: {
    input: {} as HookLogInput,
    context: {} as HookLogContext,
    events: {} as HookLogEvent,
  },
  actors: {
    readOutput: promisePlaceholder<string, HookOutputRequest>('readOutput'),
  },
  delays: {
    poll: ACTION_RUN_POLL_MS,
  },
  actions: {
    setStatus: assign((_, status: HookRun['status']) => ({ status })),
    setText: assign((_, text: string) => ({ text, error: undefined })),
    setError: assign((_, error: unknown) => ({ error })),
  },
  guards: {
    expandable: ({ context }) => context.status !== 'skipped',
    running: ({ context }) => !hasEnded(context.status),
    endsNow: ({ context }, status: HookRun['status']) => !hasEnded(context.status) && hasEnded(status),
  },
}).createMachine({
  id: 'hookLog',
  context: ({ input }) => ({ ...input, text: undefined, error: undefined }),
  initial: 'collapsed',
  on: {
    'hook.update': { actions: { type: 'setStatus', params: ({ event }) => event.status } },
  },
  states: {
    collapsed: {
      on: { 'log.toggle': { guard: 'expandable', target: 'expanded' } },
    },
    expanded: {
      initial: 'reading',
      on: { 'log.toggle': 'collapsed' },
      states: {
        reading: {
          tags: ['loading'],
          invoke: {
            src: 'readOutput',
            input: ({ context: { repoId, runId, hookRunId } }) => ({ repoId, runId, hookRunId }),
            onDone: { target: 'read', actions: { type: 'setText', params: ({ event }) => event.output } },
            onError: {
              target: 'failed',
              actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            },
          },
        },
        read: {
          always: [{ guard: 'running', target: 'following' }, { target: 'complete' }],
        },
        // The hook still runs: its log is read again after a while, and once more when it ends.
        following: {
          after: { poll: 'reading' },
          on: {
            'hook.update': [
              {
                guard: { type: 'endsNow', params: ({ event }) => event.status },
                target: 'reading',
                actions: { type: 'setStatus', params: ({ event }) => event.status },
              },
              { actions: { type: 'setStatus', params: ({ event }) => event.status } },
            ],
          },
        },
        complete: {},
        failed: {
          on: { 'log.retry': 'reading' },
        },
      },
    },
  },
});

export type HookLogActorRef = ActorRefFrom<typeof hookLogMachine>;
export type HookLogSnapshot = SnapshotFrom<typeof hookLogMachine>;
