import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/errors';
import { deleteRepositoryMachine } from '../../src/machines/delete-repository/machine';
import { transitionCoverage } from './transition-coverage';
import type { Navigation } from '../../src/lib/screen';

const coverage = transitionCoverage(deleteRepositoryMachine);

function start(failures = 0) {
  const deleted: string[] = [];
  let left = failures;
  let leftForList = 0;
  const machine = deleteRepositoryMachine.provide({
    actors: {
      deleteRepository: fromPromise<void, { repoId: string }>(async ({ input }) => {
        deleted.push(input.repoId);
        if (left-- > 0) throw new ApiError(500, 'storage unavailable');
      }),
    },
    actions: { navigate: (_, navigation: Navigation) => void (navigation.to === '/repositories' && leftForList++) },
  });
  const actor = createActor(machine, { input: { repoId: 'lake' }, inspect: coverage.inspect }).start();
  return { actor, deleted, wentToList: () => leftForList };
}

describe('delete repository machine', () => {
  it('deletes only once the repository id is typed, then goes to the repository list', async () => {
    const { actor, deleted, wentToList } = start();
    actor.send({ type: 'delete.open' });
    actor.send({ type: 'confirmation.change', value: 'lak' });
    expect(actor.getSnapshot().can({ type: 'delete.confirm' })).toBe(false);
    actor.send({ type: 'delete.confirm' });
    expect(actor.getSnapshot().matches('confirming')).toBe(true);
    actor.send({ type: 'confirmation.change', value: 'lake' });
    actor.send({ type: 'delete.confirm' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.status === 'done', { timeout: 5000 });
    expect(deleted).toEqual(['lake']);
    expect(wentToList()).toBe(1);
  });

  it('keeps the confirmation open with the failure, and starts a new confirmation empty after a cancel', async () => {
    const { actor, deleted } = start(1);
    actor.send({ type: 'delete.open' });
    actor.send({ type: 'confirmation.change', value: 'lake' });
    actor.send({ type: 'delete.confirm' });
    const failed = await waitFor(actor, (s) => s.matches('confirming') && s.context.error !== null, { timeout: 5000 });
    expect(String(failed.context.error)).toContain('storage unavailable');
    actor.send({ type: 'delete.cancel' });
    actor.send({ type: 'delete.open' });
    expect(actor.getSnapshot().context).toMatchObject({ confirmation: '', error: null });
    expect(deleted).toEqual(['lake']);
  });

  it('retries a deletion under way without asking, and shows a failure under the warning', async () => {
    const { actor, deleted, wentToList } = start(1);
    actor.send({ type: 'delete.retry' });
    const failed = await waitFor(actor, (s) => s.matches('idle') && s.context.error !== null, { timeout: 5000 });
    expect(String(failed.context.error)).toContain('storage unavailable');
    actor.send({ type: 'delete.retry' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (s) => s.status === 'done', { timeout: 5000 });
    expect(deleted).toEqual(['lake', 'lake']);
    expect(wentToList()).toBe(1);
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
