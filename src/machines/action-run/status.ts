// docs/behaviour.md, Action runs: runs and hooks end completed, failed or skipped; any other status is still in progress (running).
import type { ActionRun, HookRun } from '../../api/types';

type Status = ActionRun['status'] | HookRun['status'];

/** The status a view shows: one of the ended ones, else 'running'. */
export function shownStatus(status: Status): 'completed' | 'failed' | 'skipped' | 'running' {
  return status === 'completed' || status === 'failed' || status === 'skipped' ? status : 'running';
}

export function hasEnded(status: Status): boolean {
  return shownStatus(status) !== 'running';
}

/** The title of a hook execution's log: '(completed in Ns)', '(failed in Ns)', '(skipped)' or '(running)'. */
export function hookExecutionTitle(hook: Pick<HookRun, 'status' | 'start_time' | 'end_time'>): string {
  const status = shownStatus(hook.status);
  if (status === 'skipped' || status === 'running') return `(${status})`;
  const started = Date.parse(hook.start_time);
  const ended = hook.end_time === undefined ? Number.NaN : Date.parse(hook.end_time);
  const seconds = Number.isNaN(started) || Number.isNaN(ended) ? 0 : Math.max(0, Math.floor((ended - started) / 1000));
  return `(${status} in ${seconds}s)`;
}
