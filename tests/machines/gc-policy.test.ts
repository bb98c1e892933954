import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ApiError } from '../../src/api/errors';
import type { GarbageCollectionRules } from '../../src/api/types';
import { gcPolicyChangeRefusal, gcPolicyMachine, parsePolicy, policyTemplate } from '../../src/machines/gc-policy';
import { controlled } from './controlled';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(gcPolicyMachine);

const policy: GarbageCollectionRules = { default_retention_days: 7, branches: [{ branch_id: 'main', retention_days: 30 }] };

/** A policy page over controlled calls; unless told `pending`, the server's preflight has allowed changes. */
async function start(firstRead?: GarbageCollectionRules | null, { pending = false } = {}) {
  const reads = controlled<GarbageCollectionRules | null, { repoId: string }>();
  const saves = controlled<void, { repoId: string; rules: GarbageCollectionRules }>();
  const deletes = controlled<void, { repoId: string }>();
  const preflights = controlled<boolean, { repoId: string }>();
  const machine = gcPolicyMachine.provide({
    actors: { readRules: reads.logic, saveRules: saves.logic, deleteRules: deletes.logic, checkAllowed: preflights.logic },
  });
  const actor = createActor(machine, { input: { repoId: 'lake', defaultBranch: 'trunk', firstRead }, inspect: coverage.inspect }).start();
  if (!pending) {
    preflights.last().resolve(true);
    await waitFor(actor, (s) => s.matches({ preflight: 'allowed' }), WAIT);
  }
  return { actor, reads, saves, deletes, preflights };
}

const WAIT = { timeout: 5_000 };

describe('garbage-collection policy machine', () => {
  it('reads the policy and shows it; the JSON view is a switch', async () => {
    const { actor, reads } = await start();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    reads.last().resolve(policy);
    const viewing = await waitFor(actor, (s) => s.matches({ policy: 'viewing' }), { timeout: 5000 });
    expect(viewing.context.rules).toEqual(policy);
    actor.send({ type: 'view.json', on: true });
    expect(actor.getSnapshot().context.jsonView).toBe(true);
  });

  it('opens the create form on the template when no policy is set, and creates it', async () => {
    const { actor, saves, reads } = await start(null);
    const editing = actor.getSnapshot();
    expect(editing.matches({ policy: 'editing' })).toBe(true);
    expect(JSON.parse(editing.context.text)).toEqual({
      default_retention_days: 21,
      branches: [{ branch_id: 'trunk', retention_days: 28 }],
    });
    expect(policyTemplate('trunk')).toEqual(JSON.parse(editing.context.text));
    // Cancelling the create form puts the template back.
    actor.send({ type: 'edit.change', text: '{"default_retention_days": 3' });
    actor.send({ type: 'edit.cancel' });
    expect(actor.getSnapshot().matches({ policy: 'editing' })).toBe(true);
    expect(JSON.parse(actor.getSnapshot().context.text)).toEqual(policyTemplate('trunk'));
    actor.send({ type: 'edit.save' });
    expect(saves.last().input).toEqual({ repoId: 'lake', rules: policyTemplate('trunk') });
    saves.last().resolve();
    await waitFor(actor, (s) => s.hasTag('loading'), { timeout: 5000 });
    reads.last().resolve(policyTemplate('trunk'));
    expect((await waitFor(actor, (s) => s.matches({ policy: 'viewing' }), { timeout: 5000 })).context.rules).toEqual(policyTemplate('trunk'));
  });

  it('shows a parse error in place and saves nothing until the text parses', async () => {
    const { actor, saves } = await start(policy);
    actor.send({ type: 'policy.edit' });
    expect(JSON.parse(actor.getSnapshot().context.text)).toEqual(policy);
    actor.send({ type: 'edit.change', text: '{"default_retention_days": ' });
    actor.send({ type: 'edit.save' });
    expect(actor.getSnapshot().matches({ policy: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.parseError).toMatch(/JSON/);
    expect(saves.calls).toHaveLength(0);
    actor.send({ type: 'edit.change', text: '[1]' });
    expect(actor.getSnapshot().context.parseError).toBeUndefined();
    actor.send({ type: 'edit.save' });
    expect(actor.getSnapshot().context.parseError).toBe('The policy must be a JSON object.');
    actor.send({ type: 'edit.change', text: '{"default_retention_days": 0, "branches": []}' });
    actor.send({ type: 'edit.save' });
    // The server validates the fields; its refusal is shown in the editor, which keeps the text.
    saves.last().reject(new ApiError(400, 'default_retention_days: must be at least 1 day'));
    const editing = await waitFor(actor, (s) => s.matches({ policy: 'editing' }) && s.context.error !== undefined, { timeout: 5000 });
    expect(String(editing.context.error)).toContain('must be at least 1 day');
    expect(editing.context.text).toBe('{"default_retention_days": 0, "branches": []}');
    actor.send({ type: 'edit.cancel' });
    expect(actor.getSnapshot().matches({ policy: 'viewing' })).toBe(true);
    expect(actor.getSnapshot().context.error).toBeUndefined();
  });

  it('deletes the policy, then shows the create form; a failed delete is shown', async () => {
    const { actor, deletes, reads } = await start(policy);
    actor.send({ type: 'policy.delete' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    deletes.last().reject(new ApiError(500, 'storage unavailable'));
    const viewing = await waitFor(actor, (s) => s.matches({ policy: 'viewing' }) && s.context.error !== undefined, { timeout: 5000 });
    expect(String(viewing.context.error)).toContain('storage unavailable');
    actor.send({ type: 'policy.delete' });
    deletes.last().resolve();
    await waitFor(actor, (s) => s.hasTag('loading'), { timeout: 5000 });
    reads.last().resolve(null);
    const editing = await waitFor(actor, (s) => s.matches({ policy: 'editing' }), { timeout: 5000 });
    expect(editing.context.rules).toBeNull();
  });

  it('refreshes from the view and the editor, and retries a failed read', async () => {
    const { actor, reads } = await start(policy);
    actor.send({ type: 'policy.refresh' });
    reads.last().reject(new ApiError(500, 'boom'));
    await waitFor(actor, (s) => s.matches({ policy: 'failed' }), { timeout: 5000 });
    actor.send({ type: 'policy.refresh' });
    reads.last().resolve(policy);
    await waitFor(actor, (s) => s.matches({ policy: 'viewing' }), { timeout: 5000 });
    actor.send({ type: 'policy.edit' });
    actor.send({ type: 'policy.refresh' });
    expect(reads.calls).toHaveLength(3);
    reads.last().resolve(policy);
    await waitFor(actor, (s) => s.matches({ policy: 'viewing' }), { timeout: 5000 });
  });

  it("waits for the server's preflight before editing or deleting, says why, and asks again on refresh", async () => {
    const { actor, preflights, reads } = await start(policy, { pending: true });
    expect(preflights.last().input).toEqual({ repoId: 'lake' });
    expect(gcPolicyChangeRefusal(actor.getSnapshot())).toBe('Checking whether you may change the garbage collection policy...');
    for (const type of ['policy.edit', 'policy.delete'] as const) {
      expect(actor.getSnapshot().can({ type })).toBe(false);
      actor.send({ type });
      expect(actor.getSnapshot().matches({ policy: 'viewing' })).toBe(true);
    }
    preflights.last().resolve(false);
    const refused = await waitFor(actor, (s) => s.matches({ preflight: 'refused' }), WAIT);
    expect(gcPolicyChangeRefusal(refused)).toBe("You are not allowed to change this repository's garbage collection policy.");
    expect(refused.can({ type: 'policy.edit' })).toBe(false);

    // Refresh reads the policy and asks the server again.
    actor.send({ type: 'policy.refresh' });
    expect(preflights.calls).toHaveLength(2);
    reads.last().resolve(policy);
    preflights.last().reject(new ApiError(503, 'could not check whether you may change the gc policy: store unavailable'));
    const failed = await waitFor(actor, (s) => s.matches({ preflight: 'failed' }), WAIT);
    expect(gcPolicyChangeRefusal(failed)).toBe(
      'could not check whether you may change the gc policy: store unavailable. Refresh to ask again.',
    );
    actor.send({ type: 'policy.refresh' });
    reads.last().resolve(policy);
    preflights.last().resolve(true);
    const allowed = await waitFor(actor, (s) => s.matches({ preflight: 'allowed' }) && s.matches({ policy: 'viewing' }), WAIT);
    expect(gcPolicyChangeRefusal(allowed)).toBeUndefined();
    expect(allowed.can({ type: 'policy.edit' })).toBe(true);
    expect(allowed.can({ type: 'policy.delete' })).toBe(true);
  });

  it('keeps the create form from saving until the preflight allows it', async () => {
    const { actor, preflights, saves } = await start(null, { pending: true });
    expect(actor.getSnapshot().matches({ policy: 'editing' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'edit.save' })).toBe(false);
    actor.send({ type: 'edit.save' });
    expect(saves.calls).toHaveLength(0);
    preflights.last().resolve(true);
    await waitFor(actor, (s) => s.can({ type: 'edit.save' }), WAIT);
    actor.send({ type: 'edit.save' });
    expect(saves.last().input).toEqual({ repoId: 'lake', rules: policyTemplate('trunk') });
  });

  it('parses only JSON objects', () => {
    expect(parsePolicy('{"a":1}')).toEqual({ rules: { a: 1 } });
    expect(parsePolicy('null')).toEqual({ error: 'The policy must be a JSON object.' });
    expect('error' in parsePolicy('{')).toBe(true);
  });

  it("starts over from the route's new read, abandoning an edit, and asks the preflight again", async () => {
    const { actor, preflights } = await start(policy);
    actor.send({ type: 'policy.edit' });
    actor.send({ type: 'edit.change', text: '{' });
    actor.send({ type: 'route.changed', input: { repoId: 'lake', defaultBranch: 'trunk', firstRead: null } });
    expect(actor.getSnapshot().matches({ preflight: 'asking' })).toBe(true);
    preflights.last().resolve(true);
    const editing = await waitFor(actor, (s) => s.matches({ preflight: 'allowed', policy: 'editing' }), WAIT);
    expect(editing.context.rules).toBeNull();
    expect(JSON.parse(editing.context.text)).toEqual(policyTemplate('trunk'));
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
