import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { AuthorizationError } from '../../src/api/errors';
import { deleteRefMachine, SYSTEM_BRANCH_WARNING, type DeleteRefInput } from '../../src/machines/delete-ref';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(deleteRefMachine);

function start(remove: (input: DeleteRefInput) => Promise<void> = async () => undefined, kind: 'branch' | 'tag' = 'tag') {
  const requests: DeleteRefInput[] = [];
  const machine = deleteRefMachine.provide({
    actors: {
      deleteRef: fromPromise<void, DeleteRefInput>(({ input }) => {
        requests.push(input);
        return remove(input);
      }),
    },
  });
  const actor = createActor(machine, { input: { repoId: 'lake', kind, id: 'v1' }, inspect: coverage.inspect }).start();
  return { actor, requests };
}

describe('delete-ref machine', () => {
  it('deletes after confirmation and ends saying so', async () => {
    const { actor, requests } = start(undefined, 'branch');
    expect(requests).toEqual([]);
    actor.send({ type: 'delete.confirm' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.status === 'done', { timeout: 5000 });
    expect(requests).toEqual([{ repoId: 'lake', kind: 'branch', id: 'v1' }]);
    expect(actor.getSnapshot().output).toEqual({ deleted: true });
  });

  it('ends without deleting when cancelled', () => {
    const { actor, requests } = start();
    actor.send({ type: 'delete.cancel' });
    expect(actor.getSnapshot().output).toEqual({ deleted: false });
    expect(requests).toEqual([]);
  });

  it('keeps the confirmation open with the refusal, and can try again', async () => {
    const refusal = new AuthorizationError(401, 'insufficient permissions');
    let attempts = 0;
    const { actor } = start(() => (++attempts === 1 ? Promise.reject(refusal) : Promise.resolve()));
    actor.send({ type: 'delete.confirm' });
    const failed = await waitFor(actor, (s) => s.matches('confirming') && s.context.error !== null, { timeout: 5000 });
    expect(failed.context.error).toBe(refusal);
    actor.send({ type: 'delete.confirm' });
    await waitFor(actor, (s) => s.status === 'done', { timeout: 5000 });
    expect(actor.getSnapshot().output).toEqual({ deleted: true });
  });

  it('warns before deleting the system branch import-from-inventory, and only that branch', () => {
    const warning = (input: DeleteRefInput) => createActor(deleteRefMachine, { input }).getSnapshot().context.warning;
    expect(warning({ repoId: 'lake', kind: 'branch', id: 'import-from-inventory' })).toBe(SYSTEM_BRANCH_WARNING);
    expect(SYSTEM_BRANCH_WARNING).toContain('import-from-inventory is a system branch');
    expect(warning({ repoId: 'lake', kind: 'tag', id: 'import-from-inventory' })).toBeNull();
    expect(warning({ repoId: 'lake', kind: 'branch', id: 'import-from-inventory-2' })).toBeNull();
    expect(warning({ repoId: 'lake', kind: 'branch', id: 'dev' })).toBeNull();
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
