import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/errors';
import { deleteObjectMachine, type DeleteObjectInput } from '../../src/machines/delete-object';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(deleteObjectMachine);

function start(remove: () => Promise<void> = async () => undefined) {
  const requests: DeleteObjectInput[] = [];
  const machine = deleteObjectMachine.provide({
    actors: {
      deleteObject: fromPromise<void, DeleteObjectInput>(({ input }) => {
        requests.push(input);
        return remove();
      }),
    },
  });
  const actor = createActor(machine, { input: { repoId: 'lake', branch: 'main', path: 'a.csv' }, inspect: coverage.inspect }).start();
  return { actor, requests };
}

describe('delete object machine', () => {
  it('deletes after the user confirms, and ends saying so', async () => {
    const { actor, requests } = start();
    expect(actor.getSnapshot().matches('confirming')).toBe(true);
    expect(requests).toEqual([]);
    actor.send({ type: 'delete.confirm' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const done = await waitFor(actor, (s) => s.status === 'done', { timeout: 5000 });
    expect(requests).toEqual([{ repoId: 'lake', branch: 'main', path: 'a.csv' }]);
    expect(done.output).toEqual({ deleted: true });
  });

  it('keeps asking with the reason when the delete fails, and ends without deleting when cancelled', async () => {
    const { actor, requests } = start(() => Promise.reject(new ApiError(403, 'branch is protected')));
    actor.send({ type: 'delete.confirm' });
    const failed = await waitFor(actor, (s) => s.matches('confirming') && s.context.error !== undefined, { timeout: 5000 });
    expect((failed.context.error as Error).message).toBe('branch is protected');
    actor.send({ type: 'delete.cancel' });
    expect(actor.getSnapshot().output).toEqual({ deleted: false });
    expect(requests).toHaveLength(1);
  });

  it('takes every transition', () => coverage.expectAllTaken());
});
