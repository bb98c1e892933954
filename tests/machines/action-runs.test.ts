import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import type { ActionRun, Page, RepositoryEvent } from '../../src/api/types';
import { actionRunsMachine, runsList, RUNS_FALLBACK_POLL_MS, type ActionRunsInput, type ActionRunSource } from '../../src/machines/action-runs/machine';
import { pagedListMachine, pagedListView, type PageRequest } from '../../src/machines/paged-list';
import { repositoryEventsMachine } from '../../src/machines/repository-events/machine';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(actionRunsMachine);

const run = (id: string, status: ActionRun['status'] = 'completed'): ActionRun => ({
  run_id: id,
  branch: 'main',
  commit_id: 'c1',
  start_time: '2026-11-30T09:00:00Z',
  event_type: 'post-commit',
  status,
});
const pageOf = (...runs: ActionRun[]): Page<ActionRun> => ({
  results: runs,
  pagination: { has_more: false, next_offset: '', results: runs.length, max_per_page: 100 },
});

function start(source: ActionRunSource = { repoId: 'lake' }) {
  const clock = new SimulatedClock();
  const live = createActor(repositoryEventsMachine.provide({ actors: { stream: fromCallback(() => undefined) } }), { input: { repoId: 'lake' }, clock }).start();
  let told = 0;
  const tell = (event: RepositoryEvent) => live.send({ type: 'stream.event', id: String(++told), event });
  let loads = 0;
  const machine = actionRunsMachine.provide({
    actions: { invalidate: () => void loads++, navigate: () => undefined },
    actors: {
      list: pagedListMachine<ActionRun, ActionRunSource>().provide({
        actors: { fetchPage: fromPromise<Page<ActionRun>, PageRequest<ActionRunSource>>(async () => pageOf()) },
      }),
    },
  });
  const input: ActionRunsInput = { source, firstPage: pageOf(run('r1')), live };
  const screen = createActor(machine, { input, clock, inspect: coverage.inspect }).start();
  return { screen, live, tell, clock, input, loads: () => loads };
}

describe('action runs screen machine', () => {
  it('lists the runs the route read, and reads again when a run of them starts or ends', () => {
    const { screen, tell, loads } = start({ repoId: 'lake', branch: 'main' });
    expect(pagedListView(runsList(screen.getSnapshot()).getSnapshot()).rows.map((r) => r.run_id)).toEqual(['r1']);
    tell({ type: 'run', run_id: 'r2', branch: 'dev', event_type: 'post-commit', status: 'running' });
    tell({ type: 'staging', branch: 'main', count: 1 });
    expect(loads()).toBe(0);
    tell({ type: 'run', run_id: 'r3', branch: 'main', event_type: 'post-commit', status: 'running' });
    expect(loads()).toBe(1);
    tell({ type: 'reload' });
    expect(loads()).toBe(2);
  });

  it('hands what the route read again to its list', () => {
    const { screen, input } = start();
    screen.send({ type: 'route.changed', input: { ...input, firstPage: pageOf(run('r2', 'running'), run('r1')) } });
    expect(pagedListView(runsList(screen.getSnapshot()).getSnapshot()).rows.map((r) => r.run_id)).toEqual(['r2', 'r1']);
  });

  it('reads again every half minute while the stream is down, and stops once it is back', () => {
    const { live, clock, loads } = start();
    live.send({ type: 'stream.broken' });
    clock.increment(RUNS_FALLBACK_POLL_MS);
    expect(loads()).toBe(1);
    clock.increment(RUNS_FALLBACK_POLL_MS);
    expect(loads()).toBe(2);
    live.send({ type: 'stream.opened' });
    clock.increment(RUNS_FALLBACK_POLL_MS * 2);
    expect(loads()).toBe(2);
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
