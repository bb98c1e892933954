import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError, AuthorizationError } from '../../src/api/errors';
import { confirmDeleteMachine, SYSTEM_BRANCH_WARNING, type DeleteTarget } from '../../src/machines/confirm-delete';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(confirmDeleteMachine);

const object: DeleteTarget = { kind: 'object', repoId: 'lake', branch: 'main', path: 'a.csv' };
const tag: DeleteTarget = { kind: 'tag', repoId: 'lake', id: 'v1' };

function start(target: DeleteTarget, remove: () => Promise<void> = async () => undefined) {
  const requests: DeleteTarget[] = [];
  const machine = confirmDeleteMachine.provide({
    actors: {
      remove: fromPromise<void, DeleteTarget>(({ input }) => {
        requests.push(input);
        return remove();
      }),
    },
  });
  const actor = createActor(machine, { input: { target }, inspect: coverage.inspect }).start();
  return { actor, requests };
}

describe('confirm-delete machine', () => {
  it('asks about the object by its path, deletes it once confirmed, and ends saying so', async () => {
    const { actor, requests } = start(object);
    const asking = actor.getSnapshot();
    expect(asking.matches('confirming')).toBe(true);
    expect(asking.context.title).toBe('Delete object');
    expect(asking.context.question).toBe('Are you sure you wish to delete object "a.csv"?');
    expect(requests).toEqual([]);
    actor.send({ type: 'delete.confirm' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const done = await waitFor(actor, (s) => s.status === 'done', { timeout: 5000 });
    expect(requests).toEqual([object]);
    expect(done.output).toEqual({ deleted: true });
  });

  it('asks about a branch or a tag by kind and name', () => {
    const labels = (target: DeleteTarget) => {
      const { title, question } = createActor(confirmDeleteMachine, { input: { target } }).getSnapshot().context;
      return { title, question };
    };
    expect(labels({ kind: 'branch', repoId: 'lake', id: 'dev' })).toEqual({ title: 'Delete Branch', question: 'Are you sure you wish to delete branch dev?' });
    expect(labels(tag)).toEqual({ title: 'Delete Tag', question: 'Are you sure you wish to delete tag v1?' });
  });

  it('ends without deleting when cancelled', () => {
    const { actor, requests } = start(tag);
    actor.send({ type: 'delete.cancel' });
    expect(actor.getSnapshot().output).toEqual({ deleted: false });
    expect(requests).toEqual([]);
  });

  it('keeps the confirmation open with the refusal, and can try again', async () => {
    const refusal = new AuthorizationError(401, 'insufficient permissions');
    let attempts = 0;
    const { actor, requests } = start(tag, () => (++attempts === 1 ? Promise.reject(refusal) : Promise.resolve()));
    actor.send({ type: 'delete.confirm' });
    const failed = await waitFor(actor, (s) => s.matches('confirming') && s.context.error !== null, { timeout: 5000 });
    expect(failed.context.error).toBe(refusal);
    actor.send({ type: 'delete.confirm' });
    await waitFor(actor, (s) => s.status === 'done', { timeout: 5000 });
    expect(actor.getSnapshot().output).toEqual({ deleted: true });
    expect(requests).toEqual([tag, tag]);
  });

  it('shows why an object could not be deleted, and ends without deleting when cancelled then', async () => {
    const { actor } = start(object, () => Promise.reject(new ApiError(403, 'branch is protected')));
    actor.send({ type: 'delete.confirm' });
    const failed = await waitFor(actor, (s) => s.matches('confirming') && s.context.error !== null, { timeout: 5000 });
    expect((failed.context.error as Error).message).toBe('branch is protected');
    actor.send({ type: 'delete.cancel' });
    expect(actor.getSnapshot().output).toEqual({ deleted: false });
  });

  it('warns before deleting the system branch import-from-inventory, and only that branch', () => {
    const warning = (target: DeleteTarget) => createActor(confirmDeleteMachine, { input: { target } }).getSnapshot().context.warning;
    expect(warning({ kind: 'branch', repoId: 'lake', id: 'import-from-inventory' })).toBe(SYSTEM_BRANCH_WARNING);
    expect(SYSTEM_BRANCH_WARNING).toContain('import-from-inventory is a system branch');
    expect(warning({ kind: 'tag', repoId: 'lake', id: 'import-from-inventory' })).toBeNull();
    expect(warning({ kind: 'branch', repoId: 'lake', id: 'import-from-inventory-2' })).toBeNull();
    expect(warning({ kind: 'branch', repoId: 'lake', id: 'dev' })).toBeNull();
    expect(warning({ kind: 'object', repoId: 'lake', branch: 'import-from-inventory', path: 'a' })).toBeNull();
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
