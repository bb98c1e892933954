// An action run's detail (docs/behaviour.md, Action runs). Beyond lakeFS, Tarn records a run as it starts, so a run can
// be seen while it runs: the machine reads the run and its hooks again every poll until the run ends, and stops when
// its page closes (the actor stops with it). Each hook execution has its log's machine, told of every new read.
import { assign, enqueueActions, setup, type ActorRefFrom, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import type { ActionRunRead } from '../../api/actions';
import type { ActionRun, HookRun } from '../../api/types';
import { promisePlaceholder } from '../../lib/actor-placeholders';
import { ACTION_RUN_POLL_MS, hookLogMachine, type HookLogActorRef } from './hook-log';
import { hasEnded } from './status';

export type { ActionRunRead };

export interface ActionRunInput {
  repoId: string;
  runId: string;
  /** The route loader's read: the page starts with it, making no request. */
  firstRead?: ActionRunRead;
}

export interface ActionRunContext {
  repoId: string;
  runId: string;
  run: ActionRun | undefined;
  /** Sorted by hook run id: the order the hooks run in. */
  hooks: HookRun[];
  /** The log of each hook execution, by hook run id. */
  logs: Record<string, HookLogActorRef>;
  error: unknown;
}

export type ActionRunEvent = { type: 'run.retry' };

const byHookRunId = (a: HookRun, b: HookRun) => (a.hook_run_id < b.hook_run_id ? -1 : a.hook_run_id > b.hook_run_id ? 1 : 0);

const logId = (hook: HookRun) => `log-${hook.hook_run_id}`;

export const actionRunMachine = setup({
  types: {
    input: {} as ActionRunInput,
    context: {} as ActionRunContext,
    events: {} as ActionRunEvent,
  },
  actors: {
    readRun: promisePlaceholder<ActionRunRead, { repoId: string; runId: string }>('readRun'),
    hookLog: hookLogMachine,
  },
  delays: {
    poll: ACTION_RUN_POLL_MS,
  },
  actions: {
    takeRead: assign(({ context, spawn }, read: ActionRunRead) => {
      const logs = { ...context.logs };
      for (const hook of read.hooks) {
        logs[hook.hook_run_id] ??= spawn('hookLog', {
          id: logId(hook),
          input: { repoId: context.repoId, runId: context.runId, hookRunId: hook.hook_run_id, status: hook.status },
        });
      }
      return { run: read.run, hooks: [...read.hooks].sort(byHookRunId), logs, error: undefined };
    }),
    /** Tells each log what its hook's status now is, so a log that was following a running hook reads its end. */
    updateLogs: enqueueActions(({ context, enqueue }) => {
      for (const hook of context.hooks) {
        const log = context.logs[hook.hook_run_id];
        if (log) enqueue.sendTo(log, { type: 'hook.update', status: hook.status });
      }
    }),
    setError: assign((_, error: unknown) => ({ error })),
  },
  guards: {
    preloaded: ({ context }) => context.run !== undefined,
    ended: ({ context }) => context.run !== undefined && hasEnded(context.run.status),
  },
}).createMachine({
  id: 'actionRun',
  context: ({ input, spawn }) => {
    const hooks = [...(input.firstRead?.hooks ?? [])].sort(byHookRunId);
    const logs: Record<string, HookLogActorRef> = {};
    for (const hook of hooks) {
      logs[hook.hook_run_id] = spawn('hookLog', {
        id: logId(hook),
        input: { repoId: input.repoId, runId: input.runId, hookRunId: hook.hook_run_id, status: hook.status },
      });
    }
    return { repoId: input.repoId, runId: input.runId, run: input.firstRead?.run, hooks, logs, error: undefined };
  },
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'preloaded', target: 'settled' }, { target: 'loading' }],
    },
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'readRun',
        input: ({ context: { repoId, runId } }) => ({ repoId, runId }),
        onDone: { target: 'settled', actions: [{ type: 'takeRead', params: ({ event }) => event.output }, 'updateLogs'] },
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    settled: {
      always: [{ guard: 'ended', target: 'ended' }, { target: 'watching' }],
    },
    // The run is still running: it is read again after a while.
    watching: {
      after: { poll: 'loading' },
    },
    // A failed read keeps what was read before; the view shows the error with a retry.
    failed: {
      on: { 'run.retry': 'loading' },
    },
    // Not final: the hooks' logs live on with the page.
    ended: {},
  },
});

export type ActionRunActorRef = ActorRefFrom<typeof actionRunMachine>;
export type ActionRunSnapshot = SnapshotFrom<typeof actionRunMachine>;
