import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ApiError } from '../../src/api/errors';
import type { Repository } from '../../src/api/types';
import { repositoryReadOnlyMachine } from '../../src/machines/repository-read-only';
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

function start() {
  const saves = controlled<Repository, { repoId: string; readOnly: boolean }>();
  const refreshes = controlled<void, void>();
  const machine = repositoryReadOnlyMachine.provide({ actors: { saveReadOnly: saves.logic, refreshRepository: refreshes.logic } });
  const actor = createActor(machine, { input: { repoId: 'lake' }, inspect: coverage.inspect }).start();
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
    expect(refreshes.calls).toHaveLength(1);
    expect(actor.getSnapshot().context.pending).toBe(true);
    refreshes.last().resolve();
    const idle = await waitFor(actor, (s) => s.matches('idle'), { timeout: 5000 });
    expect(idle.context).toMatchObject({ pending: undefined, error: undefined });
  });

  it('turns read-only off again the same way', async () => {
    const { actor, saves, refreshes } = start();
    actor.send({ type: 'readOnly.set', readOnly: false });
    expect(saves.last().input).toEqual({ repoId: 'lake', readOnly: false });
    saves.last().resolve(lake(false));
    await waitFor(actor, (s) => s.matches('refreshing'), { timeout: 5000 });
    // A failed read of the repository is the layout's to show: the toggle settles all the same.
    refreshes.last().reject(new ApiError(500, 'boom'));
    expect((await waitFor(actor, (s) => s.matches('idle'), { timeout: 5000 })).context.error).toBeUndefined();
  });

  it('shows a failed save and changes nothing', async () => {
    const { actor, saves, refreshes } = start();
    actor.send({ type: 'readOnly.set', readOnly: true });
    saves.last().reject(new ApiError(401, 'insufficient permissions'));
    const idle = await waitFor(actor, (s) => s.matches('idle'), { timeout: 5000 });
    expect(String(idle.context.error)).toContain('insufficient permissions');
    expect(idle.context.pending).toBeUndefined();
    expect(refreshes.calls).toHaveLength(0);
    actor.send({ type: 'readOnly.set', readOnly: true });
    expect(actor.getSnapshot().context.error).toBeUndefined();
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
