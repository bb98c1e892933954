import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ApiError } from '../../src/api/errors';
import type { Repository } from '../../src/api/types';
import { repositoryReadOnlyMachine, shownReadOnly } from '../../src/machines/repository-read-only';
import { controlled } from './controlled';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(repositoryReadOnlyMachine);

const lake = (readOnly: boolean): Repository => ({
  id: 'lake',
  creation_date: 1,
  default_branch: 'main',
  storage_namespace: 'local://lake',
  read_only: readOnly,
});

function start(readOnly = false) {
  const saves = controlled<Repository, { repoId: string; readOnly: boolean }>();
  /** How many times the route's data was asked to be read again. */
  const refreshes = { count: 0 };
  const machine = repositoryReadOnlyMachine.provide({
    actors: { saveReadOnly: saves.logic },
    actions: { invalidate: () => void refreshes.count++, navigate: () => undefined },
  });
  const actor = createActor(machine, { input: { repo: lake(readOnly) }, inspect: coverage.inspect }).start();
  return { actor, saves, refreshes };
}

describe('repository read-only machine', () => {
  it('saves the flag, then has the repository read again, showing the new flag until then', async () => {
    const { actor, saves, refreshes } = start();
    actor.send({ type: 'readOnly.set', readOnly: true });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().context.pending).toBe(true);
    expect(saves.last().input).toEqual({ repoId: 'lake', readOnly: true });
    // No second change while one is being saved.
    expect(actor.getSnapshot().can({ type: 'readOnly.set', readOnly: false })).toBe(false);
    saves.last().resolve(lake(true));
    await waitFor(actor, (s) => s.matches('refreshing'), { timeout: 5000 });
    expect(refreshes.count).toBe(1);
    expect(shownReadOnly(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'route.changed', input: { repo: lake(true) } });
    const idle = actor.getSnapshot();
    expect(idle.value).toBe('idle');
    expect(idle.context).toMatchObject({ readOnly: true, pending: undefined, error: undefined });
  });

  it('turns read-only off again the same way', async () => {
    const { actor, saves } = start(true);
    expect(shownReadOnly(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'readOnly.set', readOnly: false });
    expect(saves.last().input).toEqual({ repoId: 'lake', readOnly: false });
    saves.last().resolve(lake(false));
    await waitFor(actor, (s) => s.matches('refreshing'), { timeout: 5000 });
    expect(shownReadOnly(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'route.changed', input: { repo: lake(false) } });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(shownReadOnly(actor.getSnapshot())).toBe(false);
  });

  it('follows the route data while nothing is being saved', () => {
    const { actor } = start();
    actor.send({ type: 'route.changed', input: { repo: lake(true) } });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(shownReadOnly(actor.getSnapshot())).toBe(true);
  });

  it('shows a failed save and changes nothing', async () => {
    const { actor, saves, refreshes } = start();
    actor.send({ type: 'readOnly.set', readOnly: true });
    saves.last().reject(new ApiError(401, 'insufficient permissions'));
    const idle = await waitFor(actor, (s) => s.matches('idle'), { timeout: 5000 });
    expect(String(idle.context.error)).toContain('insufficient permissions');
    expect(idle.context.pending).toBeUndefined();
    expect(refreshes.count).toBe(0);
    actor.send({ type: 'readOnly.set', readOnly: true });
    expect(actor.getSnapshot().context.error).toBeUndefined();
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
