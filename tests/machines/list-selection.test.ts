import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type EventObject } from 'xstate';
import { createPrincipalMachine, type PrincipalKind } from '../../src/machines/create-principal';
import { deleteEach, listSelectionMachine, type DeleteOutcome } from '../../src/machines/list-selection/machine';
import type { SessionActorRef } from '../../src/machines/session';
import { controlled } from './controlled';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(listSelectionMachine);

/** A session that only records what it is told (the list asks it to read the user's policies again). */
function fakeSession() {
  const heard: string[] = [];
  const actor = createActor(fromCallback<EventObject>(({ receive }) => receive((event) => void heard.push(event.type)))).start();
  return { session: actor as unknown as SessionActorRef, heard };
}

function start(remove: (id: string) => Promise<void> = async () => undefined) {
  const removed: string[] = [];
  let refreshed = 0;
  const { session, heard } = fakeSession();
  const creates = controlled<{ activationUrl?: string }, { kind: PrincipalKind; name: string }>();
  const machine = listSelectionMachine.provide({
    actions: { invalidate: () => void refreshed++ },
    actors: {
      deleteSelected: deleteEach(async (id) => {
        removed.push(id);
        await remove(id);
      }),
      create: createPrincipalMachine.provide({ actors: { create: creates.logic } }),
    },
  });
  const actor = createActor(machine, { input: { session, protectedIds: ['me'] }, inspect: coverage.inspect }).start();
  // Every refresh of the list reads the user's effective policies again too.
  const refreshes = () => {
    expect(heard).toEqual(Array.from({ length: refreshed }, () => 'permissions.reload'));
    return refreshed;
  };
  return { actor, removed, creates, refreshed: refreshes };
}

describe('list-selection machine', () => {
  it('selects and unselects rows, never the protected one, and deletes the selection after confirming', async () => {
    const { actor, removed, refreshed } = start();
    actor.send({ type: 'delete.request' });
    expect(actor.getSnapshot().matches('browsing')).toBe(true);
    actor.send({ type: 'select.toggle', id: 'me' });
    actor.send({ type: 'select.toggle', id: 'a' });
    actor.send({ type: 'select.toggle', id: 'b' });
    actor.send({ type: 'select.toggle', id: 'c' });
    actor.send({ type: 'select.toggle', id: 'c' });
    expect(actor.getSnapshot().context.selected).toEqual(['a', 'b']);
    actor.send({ type: 'delete.request' });
    actor.send({ type: 'delete.cancel' });
    expect(removed).toEqual([]);
    actor.send({ type: 'delete.request' });
    actor.send({ type: 'delete.confirm' });
    await waitFor(actor, (s) => s.matches('browsing'), { timeout: 5000 });
    expect(removed).toEqual(['a', 'b']);
    expect(actor.getSnapshot().context.selected).toEqual([]);
    expect(refreshed()).toBe(1);
  });

  it('keeps the rows that were not deleted selected, with their reasons', async () => {
    const { actor, refreshed } = start(async (id) => {
      if (id === 'Admins') throw new Error('cannot delete the Admins group');
    });
    actor.send({ type: 'select.toggle', id: 'Admins' });
    actor.send({ type: 'select.toggle', id: 'Temp' });
    actor.send({ type: 'delete.request' });
    actor.send({ type: 'delete.confirm' });
    const failed = await waitFor(actor, (s) => s.matches('failed'), { timeout: 5000 });
    expect(failed.context.failures).toEqual([{ id: 'Admins', message: 'cannot delete the Admins group' }]);
    expect(failed.context.selected).toEqual(['Admins']);
    expect(refreshed()).toBe(1);
    actor.send({ type: 'failures.dismiss' });
    expect(actor.getSnapshot().context.failures).toEqual([]);
  });

  it('shows a failure of the deletion itself', async () => {
    const failing = listSelectionMachine.provide({
      actions: { invalidate: () => undefined },
      actors: { deleteSelected: fromPromise<DeleteOutcome, { ids: string[] }>(() => Promise.reject(new Error('offline'))) },
    });
    const actor = createActor(failing, { input: { session: fakeSession().session }, inspect: coverage.inspect }).start();
    actor.send({ type: 'select.toggle', id: 'x' });
    actor.send({ type: 'delete.request' });
    actor.send({ type: 'delete.confirm' });
    expect(String((await waitFor(actor, (s) => s.matches('failed'), { timeout: 5000 })).context.error)).toContain('offline');
  });

  it('runs the create dialog, refreshing only when something was created', async () => {
    const { actor, creates, refreshed } = start();
    actor.send({ type: 'create.open', kind: 'group' });
    const child = actor.getSnapshot().children.create;
    expect(child?.getSnapshot().context.kind).toBe('group');
    actor.send({ type: 'create.close' });
    expect(actor.getSnapshot().matches('browsing')).toBe(true);
    actor.send({ type: 'create.open', kind: 'group' });
    actor.getSnapshot().children.create?.send({ type: 'create.cancel' });
    await waitFor(actor, (s) => s.matches('browsing'), { timeout: 5000 });
    expect(refreshed()).toBe(0);
    actor.send({ type: 'create.open', kind: 'group' });
    actor.getSnapshot().children.create?.send({ type: 'name.change', name: 'DataTeam' });
    actor.getSnapshot().children.create?.send({ type: 'create.submit' });
    creates.last().resolve({});
    await waitFor(actor, (s) => s.matches('browsing'), { timeout: 5000 });
    expect(refreshed()).toBe(1);
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
