// Action runs and their hook executions (read only: runs are recorded by the server as hooks run).
import { api, failsAs, query, repoPath, seg } from './client';
import type { ActionRun, HookRun, Page } from './types';

export interface ActionRunsQuery {
  after?: string;
  amount?: number;
  /** Only runs of this branch. */
  branch?: string;
  /** Only runs of this commit. */
  commit?: string;
}

const runsPath = (repo: string) => `${repoPath(repo)}/actions/runs`;
const runPath = (repo: string, runId: string) => `${runsPath(repo)}/${seg(runId)}`;

export function listActionRuns(repo: string, params: ActionRunsQuery = {}, signal?: AbortSignal): Promise<Page<ActionRun>> {
  return api.get(runsPath(repo), { searchParams: query({ ...params }), signal, ...failsAs('list action runs') }).json();
}

export function getActionRun(repo: string, runId: string, signal?: AbortSignal): Promise<ActionRun> {
  return api.get(runPath(repo, runId), { signal, ...failsAs('get action run', { 404: `could not find action run ${runId}` }) }).json();
}

/** The most hooks one page asks for (the server's maximum page). */
const HOOKS_PAGE_SIZE = 1000;

/** Every hook execution of a run, all pages, in the server's order (by hook run id). */
export async function listAllRunHooks(repo: string, runId: string, signal?: AbortSignal): Promise<HookRun[]> {
  const hooks: HookRun[] = [];
  let after: string | undefined;
  for (;;) {
    const page: Page<HookRun> = await api
      .get(`${runPath(repo, runId)}/hooks`, { searchParams: query({ after, amount: HOOKS_PAGE_SIZE }), signal, ...failsAs('list action run hooks') })
      .json();
    hooks.push(...page.results);
    if (!page.pagination.has_more || !page.pagination.next_offset) return hooks;
    after = page.pagination.next_offset;
  }
}

/** A hook execution's log as text (the server sends it as an octet stream). */
export function getHookOutput(repo: string, runId: string, hookRunId: string, signal?: AbortSignal): Promise<string> {
  return api.get(`${runPath(repo, runId)}/hooks/${seg(hookRunId)}/output`, { signal, headers: { Accept: '*/*' }, ...failsAs('get hook output') }).text();
}

/** A run and all its hook executions, read side by side. */
export interface ActionRunRead {
  run: ActionRun;
  hooks: HookRun[];
}

export async function readActionRun(repo: string, runId: string, signal?: AbortSignal): Promise<ActionRunRead> {
  const [run, hooks] = await Promise.all([getActionRun(repo, runId, signal), listAllRunHooks(repo, runId, signal)]);
  return { run, hooks };
}
