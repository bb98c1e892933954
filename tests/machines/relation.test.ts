import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, waitFor, type EventObject } from 'xstate';
import { AuthorizationError } from '../../src/api/errors';
import { pickerFilter, relationMachine, type CandidatePage, type RelationChange } from '../../src/machines/relation/machine';
import type { SessionActorRef } from '../../src/machines/session';
import { controlled } from './controlled';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(relationMachine);

function start() {
  const searches = controlled<CandidatePage, { prefix: string; amount: number }>();
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
  /** The `n`th add call (from 1), once the machine has made it. */
  const add = async (n: number) => {
    await vi.waitFor(() => expect(adds.calls.length).toBeGreaterThanOrEqual(n), { timeout: 5000 });
    const call = adds.calls[n - 1];
    if (!call) throw new Error(`no add call ${n}`);
    return call;
  };
  const ready = () => waitFor(actor, (s) => s.matches({ picking: 'ready' }), { timeout: 5000 });
  /** Opens the picker and answers its first search with `ids`. */
  const open = async (ids: string[], hasMore = false) => {
    actor.send({ type: 'picker.open' });
    searches.last().resolve({ ids, hasMore });
    return ready();
  };
  return { actor, searches, adds, add, removes, ready, open, refreshed: refreshes };
}

describe('relation machine', () => {
  it('searches 5 candidates by prefix once typing pauses, and keeps whether more match', async () => {
    const { actor, searches, ready } = start();
    actor.send({ type: 'picker.open' });
    expect(searches.last().input).toEqual({ prefix: '', amount: 5 });
    searches.last().resolve({ ids: ['Admins', 'Developers', 'Ops', 'Readers', 'Writers'], hasMore: true });
    expect((await ready()).context.candidates).toEqual({ ids: ['Admins', 'Developers', 'Ops', 'Readers', 'Writers'], hasMore: true });
    pickerFilter(actor.getSnapshot())?.send({ type: 'filter.input', text: 'De' });
    pickerFilter(actor.getSnapshot())?.send({ type: 'filter.input', text: 'Dev' });
    // One search, once typing has paused on 'Dev'.
    await waitFor(actor, (s) => s.hasTag('searching'), { timeout: 5000 });
    expect(searches.calls).toHaveLength(2);
    expect(searches.last().input).toEqual({ prefix: 'Dev', amount: 5 });
    searches.last().resolve({ ids: ['Developers'], hasMore: false });
    expect((await ready()).context.candidates).toEqual({ ids: ['Developers'], hasMore: false });
  });

  it('adds the candidates ticked across searches, one call each, then closes and says what was added', async () => {
    const { actor, searches, add, ready, open, refreshed } = start();
    await open(['Admins', 'Developers']);
    // Nothing ticked: nothing to add.
    actor.send({ type: 'picker.add' });
    expect(actor.getSnapshot().matches({ picking: 'ready' })).toBe(true);
    actor.send({ type: 'picker.toggle', id: 'Admins' });
    pickerFilter(actor.getSnapshot())?.send({ type: 'filter.input', text: 'Ops' });
    await waitFor(actor, (s) => s.hasTag('searching'), { timeout: 5000 });
    searches.last().resolve({ ids: ['Ops'], hasMore: false });
    await ready();
    actor.send({ type: 'picker.toggle', id: 'Ops' });
    // Unticked and ticked again: the order of ticking is the order of adding.
    actor.send({ type: 'picker.toggle', id: 'Admins' });
    actor.send({ type: 'picker.toggle', id: 'Admins' });
    expect(actor.getSnapshot().context.selected).toEqual(['Ops', 'Admins']);
    actor.send({ type: 'picker.add' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    // Toggles are not taken while adding.
    actor.send({ type: 'picker.toggle', id: 'Ops' });
    expect(actor.getSnapshot().context.selected).toEqual(['Ops', 'Admins']);
    const first = await add(1);
    expect(first.input).toEqual({ owner: 'ada', id: 'Ops' });
    first.resolve();
    const second = await add(2);
    expect(second.input).toEqual({ owner: 'ada', id: 'Admins' });
    second.resolve();
    const closed = await waitFor(actor, (s) => s.matches('idle'), { timeout: 5000 });
    expect(closed.context.added).toEqual(['Ops', 'Admins']);
    expect(refreshed()).toBe(1);
    actor.send({ type: 'receipt.dismiss' });
    expect(actor.getSnapshot().context.added).toEqual([]);
  });

  it('keeps the ones that failed ticked with their error, and reads the list again for those added', async () => {
    const { actor, add, ready, open, refreshed } = start();
    await open(['a', 'b', 'c']);
    for (const id of ['a', 'b', 'c']) actor.send({ type: 'picker.toggle', id });
    actor.send({ type: 'picker.add' });
    (await add(1)).resolve();
    const refusal = new AuthorizationError(401, 'insufficient permissions: not allowed to auth:AttachPolicy');
    (await add(2)).reject(refusal);
    (await add(3)).resolve();
    const partly = await ready();
    expect(partly.context).toMatchObject({ added: ['a', 'c'], failed: [{ id: 'b', error: refusal }], selected: ['b'] });
    expect(refreshed()).toBe(1);
    // Unticking a failed one puts its error away; ticked again, it is added with the next press.
    actor.send({ type: 'picker.toggle', id: 'b' });
    expect(actor.getSnapshot().context).toMatchObject({ selected: [], failed: [] });
    actor.send({ type: 'picker.toggle', id: 'b' });
    actor.send({ type: 'picker.add' });
    expect((await add(4)).input).toEqual({ owner: 'ada', id: 'b' });
    (await add(4)).resolve();
    expect((await waitFor(actor, (s) => s.matches('idle'), { timeout: 5000 })).context.added).toEqual(['b']);
    expect(refreshed()).toBe(2);
  });

  it('stays open on the ones that failed, reading nothing again, when none was added', async () => {
    const { actor, add, ready, open, refreshed } = start();
    await open(['a', 'b']);
    actor.send({ type: 'picker.toggle', id: 'a' });
    actor.send({ type: 'picker.toggle', id: 'b' });
    actor.send({ type: 'picker.add' });
    (await add(1)).reject(new Error('policy not found'));
    (await add(2)).reject(new Error('policy not found'));
    const refused = await ready();
    expect(refused.context.added).toEqual([]);
    expect(refused.context.failed.map((failure) => failure.id)).toEqual(['a', 'b']);
    expect(refused.context.selected).toEqual(['a', 'b']);
    expect(refreshed()).toBe(0);
    actor.send({ type: 'picker.close' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
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
