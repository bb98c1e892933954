// The action run detail over the real API.
import { fromPromise } from 'xstate';
import { getHookOutput, readActionRun, type ActionRunRead } from '../../api/actions';
import { hookLogMachine, type HookOutputRequest } from './hook-log';
import { actionRunMachine } from './machine';

export * from './machine';
export * from './hook-log';
export * from './status';

const liveHookLogMachine = hookLogMachine.provide({
  actors: {
    readOutput: fromPromise<string, HookOutputRequest>(({ input, signal }) =>
      getHookOutput(input.repoId, input.runId, input.hookRunId, signal),
    ),
  },
});

export const liveActionRunMachine = actionRunMachine.provide({
  actors: {
    readRun: fromPromise<ActionRunRead, { repoId: string; runId: string }>(({ input, signal }) =>
      readActionRun(input.repoId, input.runId, signal),
    ),
    hookLog: liveHookLogMachine,
  },
});
