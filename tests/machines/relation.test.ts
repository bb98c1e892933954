import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, waitFor, type EventObject } from 'xstate';
import { AuthorizationError } from '../../src/api/errors';
import { pickerFilter, relationMachine, type RelationChange } from '../../src/machines/relation/machine';
import type { SessionActorRef } from '../../src/machines/session';
import { controlled } from './controlled';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(relationMachine);

function start() {
  const searches = controlled<string[], { prefix: string; amount: number }>();
  const adds = controlled<void, RelationChange>();
  const removes = controlled<void, RelationChange>();
  let refreshed = 0;
  // The session only records what it is told: every refresh reads the user's effective policies again too.
  const heard: string[] = [];
  const session = createActor(fromCallback<EventObject>(({ receive }) => receive((event) => void heard.push(event.type)))).start();
  const machine = relationMachine.provide({
    actors: { search: searches.logic, add: adds.logic, remove: removes.logic },
    actions: { invalidate: () => void refreshed++ },
  });
  const actor = createActor(machine, { input: { session: session as unknown as SessionActorRef, owner: 'ada' }, inspect: coverage.inspect }).start();
  const refreshes = () => {
    expect(heard).toEqual(Array.from({ length: refreshed }, () => 'permissions.reload'));
    return refreshed;
  };
  return { actor, searches, adds, removes, refreshed: refreshes };
}

describe('relation machine', () => {
  it('searches 5 candidates by prefix and links the one chosen', async () => {
    const { actor, searches, adds, refreshed } = start();
    actor.send({ type: 'picker.open' });
    expect(searches.last().input).toEqual({ prefix: '', amount: 5 });
    searches.last().resolve(['Admins', 'Developers']);
    await waitFor(actor, (s) => s.matches({ picking: 'ready' }), { timeout: 5000 });
    pickerFilter(actor.getSnapshot())?.send({ type: 'filter.input', text: 'De' });
    pickerFilter(actor.getSnapshot())?.send({ type: 'filter.input', text: 'Dev' });
    // One search, once typing has paused on 'Dev'.
    await waitFor(actor, (s) => s.hasTag('searching'), { timeout: 5000 });
    expect(searches.calls).toHaveLength(2);
    expect(searches.last().input).toEqual({ prefix: 'Dev', amount: 5 });
    searches.last().resolve(['Developers']);
    expect((await waitFor(actor, (s) => s.matches({ picking: 'ready' }), { timeout: 5000 })).context.candidates).toEqual(['Developers']);
    actor.send({ type: 'picker.choose', id: 'Developers' });
    expect(adds.last().input).toEqual({ owner: 'ada', id: 'Developers' });
    adds.last().reject(new AuthorizationError(401, 'insufficient permissions: not allowed to auth:AddGroupMember'));
    const refused = await waitFor(actor, (s) => s.matches({ picking: 'ready' }) && s.context.error !== undefined, { timeout: 5000 });
    expect(String(refused.context.error)).toContain('auth:AddGroupMember');
    actor.send({ type: 'picker.choose', id: 'Developers' });
    adds.last().resolve();
    await waitFor(actor, (s) => s.matches('idle'), { timeout: 5000 });
    expect(refreshed()).toBe(1);
  });

  it('shows a failed search and closes the picker', async () => {
    const { actor, searches } = start();
    actor.send({ type: 'picker.open' });
    searches.last().reject(new Error('boom'));
    await waitFor(actor, (s) => s.matches({ picking: 'ready' }) && s.context.error !== undefined, { timeout: 5000 });
    actor.send({ type: 'picker.close' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeUndefined();
  });

  it('removes after confirmation, and shows a refusal in an alert until dismissed', async () => {
    const { actor, removes, refreshed } = start();
    actor.send({ type: 'remove.request', id: 'FSReadAll' });
    actor.send({ type: 'remove.cancel' });
    expect(removes.calls).toHaveLength(0);
    actor.send({ type: 'remove.request', id: 'FSReadAll' });
    actor.send({ type: 'remove.confirm' });
    expect(removes.last().input).toEqual({ owner: 'ada', id: 'FSReadAll' });
    removes.last().reject(new Error('policy not attached'));
    await waitFor(actor, (s) => s.matches('removeFailed'), { timeout: 5000 });
    actor.send({ type: 'error.dismiss' });
    actor.send({ type: 'remove.request', id: 'FSReadAll' });
    actor.send({ type: 'remove.confirm' });
    removes.last().resolve();
    await waitFor(actor, (s) => s.matches('idle'), { timeout: 5000 });
    expect(refreshed()).toBe(1);
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
