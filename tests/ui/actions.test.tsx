import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from './render';
import type { ActionRun, HookRun, Repository } from '../../server/http/wire';
import { elseNotFound, fakeApi } from './fake-api';
import { ACTION_FILE_EXAMPLE } from '../../src/ui/actions/action-file-example';

const lake: Repository = { id: 'lake', creation_date: 1, default_branch: 'main', storage_namespace: 'local://lake' };

const page = <T,>(results: T[], next = '') => ({
  results,
  pagination: { has_more: next !== '', next_offset: next, results: results.length, max_per_page: 1000 },
});

const hex = (seed: string) => seed.repeat(64).slice(0, 64);

/** 1 January 2026 at 10:mm:ss in the test's own time zone, as the server writes times. */
const at = (minutes: number, seconds: number) => new Date(2026, 0, 1, 10, minutes, seconds).toISOString();

const run = (id: string, extra: Partial<ActionRun> = {}): ActionRun => ({
  run_id: id,
  branch: 'main',
  start_time: at(0, 0),
  end_time: at(0, 5),
  event_type: 'pre-commit',
  status: 'completed',
  commit_id: hex('a'),
  ...extra,
});

const hook = (hookRunId: string, action: string, status: HookRun['status']): HookRun => ({
  hook_run_id: hookRunId,
  action,
  hook_id: `hook_${hookRunId}`,
  start_time: at(0, 0),
  end_time: status === 'running' || status === 'skipped' ? undefined : at(0, 2),
  status,
});

const runRequests: URL[] = [];
const outputRequests: string[] = [];
let runs: Record<string, ActionRun> = {};
let hooks: HookRun[] = [];

const server = fakeApi(
  http.get('*/api/v1/repositories/lake', () => HttpResponse.json(lake)),
  http.get('*/api/v1/repositories/lake/branches/main', () => HttpResponse.json({ id: 'main', commit_id: hex('a') })),
  http.get('*/api/v1/repositories/lake/actions/runs', ({ request }) => {
    const url = new URL(request.url);
    runRequests.push(url);
    const branch = url.searchParams.get('branch');
    const commit = url.searchParams.get('commit');
    const all = [
      run('run-3', { status: 'failed' }),
      run('run-2', { branch: 'dev', commit_id: hex('b'), status: 'running', end_time: undefined }),
      run('run-1'),
    ];
    const matching = all.filter((r) => (!branch || r.branch === branch) && (!commit || r.commit_id === commit));
    return HttpResponse.json(page(matching));
  }),
  http.get('*/api/v1/repositories/lake/actions/runs/:id', ({ params }) => {
    const found = runs[String(params.id)];
    return found ? HttpResponse.json(found) : HttpResponse.json({ message: 'not found' }, { status: 404 });
  }),
  http.get('*/api/v1/repositories/lake/actions/runs/:id/hooks', () => HttpResponse.json(page(hooks))),
  http.get('*/api/v1/repositories/lake/actions/runs/:id/hooks/:hookRunId/output', ({ params }) => {
    outputRequests.push(String(params.hookRunId));
    return new HttpResponse(`output of ${String(params.hookRunId)}\n`, { headers: { 'content-type': 'application/octet-stream' } });
  }),
  elseNotFound,
);

afterEach(() => {
  runRequests.length = 0;
  outputRequests.length = 0;
  runs = {};
  hooks = [];
});

const rowOf = (table: HTMLElement, text: string) => {
  const row = within(table)
    .getAllByRole('row')
    .find((r) => r.textContent?.includes(text));
  if (!row) throw new Error(`no row with ${text}`);
  return row;
};

describe('Action runs list', () => {
  it('shows run id with its status, event, branch, times and a 12-character commit id', async () => {
    renderApp('/repositories/lake/actions');
    const table = await screen.findByRole('table', { name: 'Action runs' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Run ID', 'Event', 'Branch', 'Start Time', 'End Time', 'Commit ID']);
    const failed = rowOf(table, 'run-3');
    expect(within(failed).getByRole('link', { name: 'run-3' }).getAttribute('href')).toBe('/repositories/lake/actions/run-3');
    expect(within(failed).getByRole('img', { name: 'failed' }).dataset.color).toBe('red.600');
    expect(within(rowOf(table, 'run-2')).getByRole('img', { name: 'running' }).dataset.color).toBe('orange.500');
    expect(within(rowOf(table, 'run-1')).getByRole('img', { name: 'completed' }).dataset.color).toBe('green.600');
    expect(failed.textContent).toContain('pre-commit');
    // Times read MM/DD/YYYY HH:mm:ss, as on every screen.
    expect(within(failed).getAllByRole('cell').slice(3, 5).map((cell) => cell.textContent)).toEqual([
      '01/01/2026 10:00:00',
      '01/01/2026 10:00:05',
    ]);
    expect(within(failed).getByRole('link', { name: 'aaaaaaaaaaaa' }).getAttribute('href')).toBe(`/repositories/lake/commits/${hex('a')}`);
    expect(within(failed).getByRole('link', { name: 'main' }).getAttribute('href')).toBe('/repositories/lake/objects?ref=main');
    expect(runRequests[0]?.searchParams.get('amount')).toBe('100');
  });

  it('filters by branch and by commit with removable chips kept in the URL', async () => {
    const { router } = renderApp('/repositories/lake/actions');
    const table = await screen.findByRole('table', { name: 'Action runs' });
    fireEvent.click(within(rowOf(table, 'run-2')).getByRole('button', { name: 'Filter by branch dev' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ branch: 'dev' }), { timeout: 5000 });
    expect(await screen.findByText('branch: dev')).toBeVisible();
    await waitFor(() => expect(screen.queryByText('run-3')).toBeNull(), { timeout: 5000 });
    expect(runRequests.at(-1)?.searchParams.get('branch')).toBe('dev');
    fireEvent.click(within(rowOf(screen.getByRole('table', { name: 'Action runs' }), 'run-2')).getByRole('button', { name: 'Filter by commit bbbbbbbbbbbb' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ branch: 'dev', commit: hex('b') }), { timeout: 5000 });
    expect(await screen.findByText('commit: bbbbbbbbbbbb')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Remove branch filter' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ commit: hex('b') }), { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Remove commit filter' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}), { timeout: 5000 });
    expect(await screen.findByText('run-3')).toBeVisible();
  });

  it('shows how to add a hook, with an action file to copy, while the repository has no run', async () => {
    server.use(http.get('*/api/v1/repositories/lake/actions/runs', () => HttpResponse.json(page([]))));
    renderApp('/repositories/lake/actions');
    expect(await screen.findByText('No action runs have been logged yet.')).toBeVisible();
    expect(screen.getByText('_lakefs_actions/check.yaml')).toBeVisible();
    expect(screen.getByLabelText('An example action file').textContent).toBe(ACTION_FILE_EXAMPLE);
  });

  it('says so when no run matches the filter, without the how-to, and reads again on refresh', async () => {
    renderApp('/repositories/lake/actions?branch=nothing-here');
    expect(await screen.findByText('No action runs have been logged yet.')).toBeVisible();
    expect(screen.queryByLabelText('An example action file')).toBeNull();
    const before = runRequests.length;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(runRequests.length).toBe(before + 1), { timeout: 5000 });
  });

  it('is the Actions tab of the repository', async () => {
    renderApp('/repositories/lake/actions');
    const tab = await screen.findByRole('link', { name: 'Actions' });
    expect(tab.getAttribute('aria-current')).toBe('page');
    const tabs = within(screen.getByRole('navigation', { name: 'Repository' })).getAllByRole('link');
    expect(tabs.slice(-2).map((t) => t.textContent)).toEqual(['Actions', 'Settings']);
  });
});

describe('Action run detail', () => {
  it('shows the summary, then each action with its hook executions sorted and their logs', async () => {
    runs['run-1'] = run('run-1', { status: 'failed' });
    hooks = [hook('0001_0000', 'notify', 'skipped'), hook('0000_0001', 'check', 'failed'), hook('0000_0000', 'check', 'completed')];
    const { router } = renderApp('/repositories/lake/actions/run-1');
    const summary = await screen.findByRole('table', { name: 'Summary' });
    for (const label of ['ID', 'Event Type', 'Status', 'Branch', 'Commit', 'Start Time', 'End Time']) {
      expect(within(summary).getByText(label)).toBeVisible();
    }
    expect(within(summary).getByText('run-1').textContent).toBe('run-1');
    const time = (label: string) => within(summary).getByText(label).nextElementSibling?.textContent;
    expect([time('Start Time'), time('End Time')]).toEqual(['01/01/2026 10:00:00', '01/01/2026 10:00:05']);
    expect(within(summary).getByRole('img', { name: 'failed' })).toBeVisible();
    expect(within(summary).getByRole('link', { name: 'aaaaaaaaaaaa' })).toBeVisible();
    const side = screen.getByRole('navigation', { name: 'Actions of the run' });
    expect(within(side).getAllByRole('link').map((l) => l.textContent)).toEqual(['Summary', 'check', 'notify']);

    fireEvent.click(within(side).getByRole('link', { name: 'check' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ action: 'check' }), { timeout: 5000 });
    const executions = await screen.findAllByRole('button', { name: /hook_/ });
    // The status icon names the status first (its tooltip), then the hook and its title.
    expect(executions.map((b) => b.textContent)).toEqual([
      'completedhook_0000_0000(completed in 2s)',
      'failedhook_0000_0001(failed in 2s)',
    ]);
    expect(within(executions[0]!).getByRole('img', { name: 'completed' }).dataset.color).toBe('green.600');
    fireEvent.click(executions[1]!);
    expect(await screen.findByText('output of 0000_0001')).toBeVisible();
    expect(outputRequests).toEqual(['0000_0001']);

    fireEvent.click(within(side).getByRole('link', { name: 'notify' }));
    const skipped = await screen.findByRole('button', { name: /hook_0001_0000/ });
    expect(skipped.textContent).toContain('(skipped)');
    expect((skipped as HTMLButtonElement).disabled).toBe(true);
    expect(within(skipped).getByRole('img', { name: 'skipped' }).dataset.color).toBe('yellow.500');
  });

  it('opens on the action of the URL, where a running hook says so in orange', async () => {
    runs['run-1'] = run('run-1');
    hooks = [hook('0000_0000', 'check', 'running')];
    renderApp('/repositories/lake/actions/run-1?action=check');
    const running = await screen.findByRole('button', { name: /hook_0000_0000/ });
    expect(running.textContent).toContain('(running)');
    expect(within(running).getByRole('img', { name: 'running' }).dataset.color).toBe('orange.500');
  });

  it('reports a run that does not exist on a not-found page with the ways back', async () => {
    renderApp('/repositories/lake/actions/nope');
    const page = await screen.findByRole('region', { name: 'Not found' }, { timeout: 5000 });
    expect(within(page).getByText('What this address names is not in lake.')).toBeVisible();
    expect(within(page).getByText('could not find action run nope')).toBeVisible();
    expect(within(page).getByRole('link', { name: 'Open lake on its default branch' })).toBeVisible();
  });

  it('blames the run, not the ref the address carries, when the run does not exist', async () => {
    renderApp('/repositories/lake/actions/nope?ref=main');
    const page = await screen.findByRole('region', { name: 'Not found' }, { timeout: 5000 });
    expect(within(page).getByText('What this address names is not in lake.')).toBeVisible();
    expect(within(page).queryByText(/is not a branch, tag or commit/)).toBeNull();
  });
});
