import { describe, expect, it } from 'vitest';
import { createActor, waitFor, type InspectionEvent } from 'xstate';
import { ApiError } from '../../src/api/errors';
import type { ActionRun, HookRun } from '../../src/api/types';
import {
  actionRunMachine,
  hookExecutionTitle,
  hookLogMachine,
  type ActionRunRead,
  type HookOutputRequest,
} from '../../src/machines/action-run';
import { controlled } from './controlled';
import { transitionCoverage } from './transition-coverage';

const runCoverage = transitionCoverage(actionRunMachine);
const logCoverage = transitionCoverage(hookLogMachine);
const inspect = (event: InspectionEvent) => {
  runCoverage.inspect(event);
  logCoverage.inspect(event);
};

const run = (status: ActionRun['status']): ActionRun => ({
  run_id: 'run-1',
  branch: 'main',
  start_time: '2026-01-01T10:00:00Z',
  end_time: status === 'running' ? undefined : '2026-01-01T10:00:05Z',
  event_type: 'pre-commit',
  status,
  commit_id: 'c'.repeat(64),
});

const hook = (hookRunId: string, status: HookRun['status'], action = 'check'): HookRun => ({
  hook_run_id: hookRunId,
  action,
  hook_id: `hook-${hookRunId}`,
  start_time: '2026-01-01T10:00:00Z',
  end_time: status === 'running' || status === 'skipped' ? undefined : '2026-01-01T10:00:03Z',
  status,
});

/** `logPoll`: how long a log following a running hook waits before reading again. */
function start(firstRead?: ActionRunRead, { logPoll = 0 } = {}) {
  const reads = controlled<ActionRunRead, { repoId: string; runId: string }>();
  const outputs = controlled<string, HookOutputRequest>();
  const machine = actionRunMachine.provide({
    actors: { readRun: reads.logic, hookLog: hookLogMachine.provide({ actors: { readOutput: outputs.logic }, delays: { poll: logPoll } }) },
    delays: { poll: 0 },
  });
  const actor = createActor(machine, { input: { repoId: 'lake', runId: 'run-1', firstRead }, inspect }).start();
  const log = (hookRunId: string) => {
    const ref = actor.getSnapshot().context.logs[hookRunId];
    if (!ref) throw new Error(`no log for ${hookRunId}`);
    return ref;
  };
  return { actor, reads, outputs, log };
}

describe('action run machine', () => {
  it('reads the run and its hooks, sorted by hook run id, and stops reading once the run has ended', async () => {
    const { actor, reads } = start();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(reads.last().input).toEqual({ repoId: 'lake', runId: 'run-1' });
    reads.last().resolve({ run: run('completed'), hooks: [hook('0001_0000', 'completed'), hook('0000_0000', 'failed')] });
    const ended = await waitFor(actor, (s) => s.matches('ended'), { timeout: 5000 });
    expect(ended.context.hooks.map((h) => h.hook_run_id)).toEqual(['0000_0000', '0001_0000']);
    expect(Object.keys(ended.context.logs).sort()).toEqual(['0000_0000', '0001_0000']);
    expect(reads.calls).toHaveLength(1);
  });

  it('starts from the loader read without a request, and polls a running run until it ends', async () => {
    const { actor, reads } = start({ run: run('running'), hooks: [hook('0000_0000', 'running')] });
    // The poll starts at once (delay 0 in tests): the run is read again while it runs.
    await waitFor(actor, (s) => s.hasTag('loading'), { timeout: 5000 });
    expect(reads.calls).toHaveLength(1);
    reads.last().resolve({ run: run('running'), hooks: [hook('0000_0000', 'completed'), hook('0000_0001', 'running')] });
    await waitFor(actor, () => reads.calls.length === 2, { timeout: 5000 });
    expect(actor.getSnapshot().context.hooks).toHaveLength(2);
    reads.last().resolve({ run: run('completed'), hooks: [hook('0000_0000', 'completed'), hook('0000_0001', 'completed')] });
    const ended = await waitFor(actor, (s) => s.matches('ended'), { timeout: 5000 });
    expect(ended.context.run?.status).toBe('completed');
    expect(reads.calls).toHaveLength(2);
  });

  it('keeps what it read when a read fails, and reads again on retry', async () => {
    const { actor, reads } = start({ run: run('running'), hooks: [] });
    await waitFor(actor, (s) => s.hasTag('loading'), { timeout: 5000 });
    reads.last().reject(new ApiError(500, 'storage unavailable'));
    const failed = await waitFor(actor, (s) => s.matches('failed'), { timeout: 5000 });
    expect(String(failed.context.error)).toContain('storage unavailable');
    expect(failed.context.run?.run_id).toBe('run-1');
    actor.send({ type: 'run.retry' });
    reads.last().resolve({ run: run('failed'), hooks: [] });
    expect((await waitFor(actor, (s) => s.matches('ended'), { timeout: 5000 })).context.error).toBeUndefined();
  });

  it('stops polling when the page closes (the actor stops)', async () => {
    const { actor, reads } = start({ run: run('running'), hooks: [] });
    await waitFor(actor, (s) => s.hasTag('loading'), { timeout: 5000 });
    actor.stop();
    reads.last().resolve({ run: run('running'), hooks: [] });
    await Promise.resolve();
    expect(reads.calls).toHaveLength(1);
    expect(actor.getSnapshot().status).toBe('stopped');
  });

  it('takes every transition the machine defines', runCoverage.expectAllTaken);
});

describe('hook log machine', () => {
  it('reads an ended hook once when expanded, and again when expanded after a collapse', async () => {
    const { log, outputs } = start({ run: run('completed'), hooks: [hook('0000_0000', 'completed')] });
    const logActor = log('0000_0000');
    logActor.send({ type: 'log.toggle' });
    expect(logActor.getSnapshot().hasTag('loading')).toBe(true);
    expect(outputs.last().input).toEqual({ repoId: 'lake', runId: 'run-1', hookRunId: '0000_0000' });
    outputs.last().resolve('line 1\n');
    const complete = await waitFor(logActor, (s) => s.matches({ expanded: 'complete' }), { timeout: 5000 });
    expect(complete.context.text).toBe('line 1\n');
    logActor.send({ type: 'log.toggle' });
    expect(logActor.getSnapshot().matches('collapsed')).toBe(true);
    logActor.send({ type: 'log.toggle' });
    expect(outputs.calls).toHaveLength(2);
  });

  it('cannot expand a skipped hook', () => {
    const { log, outputs } = start({ run: run('failed'), hooks: [hook('0000_0001', 'skipped')] });
    log('0000_0001').send({ type: 'log.toggle' });
    expect(log('0000_0001').getSnapshot().matches('collapsed')).toBe(true);
    expect(outputs.calls).toHaveLength(0);
  });

  it('follows the log of a running hook as it grows, until the run poll says the hook ended', async () => {
    const { actor, reads, outputs, log } = start({ run: run('running'), hooks: [hook('0000_0000', 'running')] });
    const logActor = log('0000_0000');
    logActor.send({ type: 'log.toggle' });
    outputs.last().resolve('line 1\n');
    // Still running: the log is read again after the poll delay, and shows what was added.
    await waitFor(logActor, () => outputs.calls.length === 2, { timeout: 5000 });
    outputs.last().resolve('line 1\nline 2\n');
    await waitFor(logActor, () => outputs.calls.length === 3, { timeout: 5000 });
    expect(logActor.getSnapshot().context.text).toBe('line 1\nline 2\n');
    // The run poll sees the hook end while its log is being read: that read is the last.
    await waitFor(actor, (s) => s.hasTag('loading'), { timeout: 5000 });
    reads.last().resolve({ run: run('completed'), hooks: [hook('0000_0000', 'completed')] });
    await waitFor(actor, (s) => s.matches('ended'), { timeout: 5000 });
    outputs.last().resolve('line 1\nline 2\ndone\n');
    const complete = await waitFor(logActor, (s) => s.matches({ expanded: 'complete' }), { timeout: 5000 });
    expect(complete.context.text).toBe('line 1\nline 2\ndone\n');
    expect(outputs.calls).toHaveLength(3);
  });

  it('reads the end of a followed log once more when the run poll says the hook ended', async () => {
    const { actor, reads, outputs, log } = start({ run: run('running'), hooks: [hook('0000_0000', 'running')] }, { logPoll: 3_600_000 });
    const logActor = log('0000_0000');
    logActor.send({ type: 'log.toggle' });
    outputs.last().resolve('line 1\n');
    await waitFor(logActor, (s) => s.matches({ expanded: 'following' }), { timeout: 5000 });
    // A poll that finds the hook still running changes nothing.
    await waitFor(actor, (s) => s.hasTag('loading'), { timeout: 5000 });
    reads.last().resolve({ run: run('running'), hooks: [hook('0000_0000', 'running')] });
    await waitFor(actor, () => reads.calls.length === 2, { timeout: 5000 });
    expect(logActor.getSnapshot().matches({ expanded: 'following' })).toBe(true);
    expect(outputs.calls).toHaveLength(1);
    reads.last().resolve({ run: run('failed'), hooks: [hook('0000_0000', 'failed')] });
    await waitFor(logActor, (s) => s.hasTag('loading'), { timeout: 5000 });
    outputs.last().resolve('line 1\nfailed\n');
    const complete = await waitFor(logActor, (s) => s.matches({ expanded: 'complete' }), { timeout: 5000 });
    expect(complete.context).toMatchObject({ status: 'failed', text: 'line 1\nfailed\n' });
  });

  it('shows a failed read and reads again on retry', async () => {
    const { log, outputs } = start({ run: run('completed'), hooks: [hook('0000_0000', 'failed')] });
    const logActor = log('0000_0000');
    logActor.send({ type: 'log.toggle' });
    outputs.last().reject(new ApiError(404, 'log not found'));
    const failed = await waitFor(logActor, (s) => s.matches({ expanded: 'failed' }), { timeout: 5000 });
    expect(String(failed.context.error)).toContain('log not found');
    logActor.send({ type: 'log.retry' });
    outputs.last().resolve('retried');
    expect((await waitFor(logActor, (s) => s.matches({ expanded: 'complete' }), { timeout: 5000 })).context.text).toBe('retried');
  });

  it('takes every transition the machine defines', logCoverage.expectAllTaken);
});

describe('hook execution titles', () => {
  it('says how the hook ended and how long it took, or that it was skipped or runs', () => {
    expect(hookExecutionTitle(hook('0', 'completed'))).toBe('(completed in 3s)');
    expect(hookExecutionTitle(hook('0', 'failed'))).toBe('(failed in 3s)');
    expect(hookExecutionTitle(hook('0', 'skipped'))).toBe('(skipped)');
    expect(hookExecutionTitle(hook('0', 'running'))).toBe('(running)');
  });
});
