import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ApiError } from '../../src/api/errors';
import type { GarbageCollectionRules } from '../../src/api/types';
import { gcPolicyMachine, parsePolicy, policyTemplate } from '../../src/machines/gc-policy';
import { controlled } from './controlled';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(gcPolicyMachine);

const policy: GarbageCollectionRules = { default_retention_days: 7, branches: [{ branch_id: 'main', retention_days: 30 }] };

function start(firstRead?: GarbageCollectionRules | null) {
  const reads = controlled<GarbageCollectionRules | null, { repoId: string }>();
  const saves = controlled<void, { repoId: string; rules: GarbageCollectionRules }>();
  const deletes = controlled<void, { repoId: string }>();
  const machine = gcPolicyMachine.provide({ actors: { readRules: reads.logic, saveRules: saves.logic, deleteRules: deletes.logic } });
  const actor = createActor(machine, { input: { repoId: 'lake', defaultBranch: 'trunk', firstRead }, inspect: coverage.inspect }).start();
  return { actor, reads, saves, deletes };
}

describe('garbage-collection policy machine', () => {
  it('reads the policy and shows it; the JSON view is a switch', async () => {
    const { actor, reads } = start();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    reads.last().resolve(policy);
    const viewing = await waitFor(actor, (s) => s.matches('viewing'));
    expect(viewing.context.rules).toEqual(policy);
    actor.send({ type: 'view.json', on: true });
    expect(actor.getSnapshot().context.jsonView).toBe(true);
  });

  it('opens the create form on the template when no policy is set, and creates it', async () => {
    const { actor, saves, reads } = start(null);
    const editing = actor.getSnapshot();
    expect(editing.matches('editing')).toBe(true);
    expect(JSON.parse(editing.context.text)).toEqual({
      default_retention_days: 21,
      branches: [{ branch_id: 'trunk', retention_days: 28 }],
    });
    expect(policyTemplate('trunk')).toEqual(JSON.parse(editing.context.text));
    // Cancelling the create form puts the template back.
    actor.send({ type: 'edit.change', text: '{"default_retention_days": 3' });
    actor.send({ type: 'edit.cancel' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(JSON.parse(actor.getSnapshot().context.text)).toEqual(policyTemplate('trunk'));
    actor.send({ type: 'edit.save' });
    expect(saves.last().input).toEqual({ repoId: 'lake', rules: policyTemplate('trunk') });
    saves.last().resolve();
    await waitFor(actor, (s) => s.hasTag('loading'));
    reads.last().resolve(policyTemplate('trunk'));
    expect((await waitFor(actor, (s) => s.matches('viewing'))).context.rules).toEqual(policyTemplate('trunk'));
  });

  it('shows a parse error in place and saves nothing until the text parses', async () => {
    const { actor, saves } = start(policy);
    actor.send({ type: 'policy.edit' });
    expect(JSON.parse(actor.getSnapshot().context.text)).toEqual(policy);
    actor.send({ type: 'edit.change', text: '{"default_retention_days": ' });
    actor.send({ type: 'edit.save' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
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
    const editing = await waitFor(actor, (s) => s.matches('editing') && s.context.error !== undefined);
    expect(String(editing.context.error)).toContain('must be at least 1 day');
    expect(editing.context.text).toBe('{"default_retention_days": 0, "branches": []}');
    actor.send({ type: 'edit.cancel' });
    expect(actor.getSnapshot().matches('viewing')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeUndefined();
  });

  it('deletes the policy, then shows the create form; a failed delete is shown', async () => {
    const { actor, deletes, reads } = start(policy);
    actor.send({ type: 'policy.delete' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    deletes.last().reject(new ApiError(500, 'storage unavailable'));
    const viewing = await waitFor(actor, (s) => s.matches('viewing') && s.context.error !== undefined);
    expect(String(viewing.context.error)).toContain('storage unavailable');
    actor.send({ type: 'policy.delete' });
    deletes.last().resolve();
    await waitFor(actor, (s) => s.hasTag('loading'));
    reads.last().resolve(null);
    const editing = await waitFor(actor, (s) => s.matches('editing'));
    expect(editing.context.rules).toBeNull();
  });

  it('refreshes from the view and the editor, and retries a failed read', async () => {
    const { actor, reads } = start(policy);
    actor.send({ type: 'policy.refresh' });
    reads.last().reject(new ApiError(500, 'boom'));
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'policy.refresh' });
    reads.last().resolve(policy);
    await waitFor(actor, (s) => s.matches('viewing'));
    actor.send({ type: 'policy.edit' });
    actor.send({ type: 'policy.refresh' });
    expect(reads.calls).toHaveLength(3);
    reads.last().resolve(policy);
    await waitFor(actor, (s) => s.matches('viewing'));
  });

  it('parses only JSON objects', () => {
    expect(parsePolicy('{"a":1}')).toEqual({ rules: { a: 1 } });
    expect(parsePolicy('null')).toEqual({ error: 'The policy must be a JSON object.' });
    expect('error' in parsePolicy('{')).toBe(true);
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
