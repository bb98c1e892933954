import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ConflictError } from '../../src/api/errors';
import type { Policy } from '../../src/api/types';
import { documentText, NEW_POLICY_TEXT, POLICY_ID_PERCENT, idProblem } from '../../src/machines/policy-editor/document';
import { policyEditorMachine, type PolicyEditorMode } from '../../src/machines/policy-editor/machine';
import { controlled } from './controlled';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(policyEditorMachine);

const readAll: Policy = {
  id: 'FSReadAll',
  creation_date: 10,
  statement: [{ effect: 'allow', action: ['fs:Read*', 'fs:List*'], resource: '*' }],
};

function start(mode: PolicyEditorMode, policy?: Policy) {
  const saves = controlled<Policy, { mode: PolicyEditorMode; policy: Policy }>();
  const reads = controlled<Policy, { id: string }>();
  const created: string[] = [];
  const machine = policyEditorMachine.provide({
    actors: { save: saves.logic, read: reads.logic },
    actions: {
      navigate: (_, navigation) => void created.push((navigation.params as { policyId: string }).policyId),
      invalidate: () => undefined,
    },
  });
  const actor = createActor(machine, { input: { mode, policy }, inspect: coverage.inspect }).start();
  return { actor, saves, reads, created };
}

const type = (text: string) => ({ type: 'text.change' as const, text, cursor: text.length });

describe('policy-editor machine', () => {
  it('creates a policy from its id and document, and announces it', async () => {
    const { actor, saves, created } = start('create');
    actor.send({ type: 'view.json', on: true });
    expect(actor.getSnapshot().context.jsonView).toBe(true);
    actor.send({ type: 'editor.open' });
    expect(actor.getSnapshot().context.text).toBe(NEW_POLICY_TEXT);
    // No id yet: nothing is saved.
    actor.send({ type: 'editor.save' });
    expect(saves.calls).toHaveLength(0);
    actor.send({ type: 'id.change', id: 'My%Policy' });
    expect(idProblem(actor.getSnapshot().context.id)).toBe(POLICY_ID_PERCENT);
    actor.send({ type: 'editor.save' });
    expect(saves.calls).toHaveLength(0);
    actor.send({ type: 'id.change', id: 'MyRepoReadWrite' });
    actor.send({ type: 'editor.save' });
    expect(saves.last().input).toEqual({
      mode: 'create',
      policy: { id: 'MyRepoReadWrite', statement: [{ effect: 'allow', action: ['fs:ReadObject'], resource: '*' }] },
    });
    saves.last().reject(new ConflictError(409, 'policy already exists'));
    await waitFor(actor, (s) => s.matches('open') && s.context.error !== undefined, { timeout: 5000 });
    actor.send({ type: 'editor.save' });
    saves.last().resolve({ ...saves.last().input.policy, creation_date: 1 });
    await waitFor(actor, (s) => s.matches('closed'), { timeout: 5000 });
    expect(created).toEqual(['MyRepoReadWrite']);
  });

  it('shows the parse error and the statements\' problems as the text is typed, and saves none of it', () => {
    const { actor, saves } = start('edit', readAll);
    actor.send({ type: 'editor.open' });
    actor.send(type('{"statement": ['));
    expect(actor.getSnapshot().context.parseError).toMatch(/JSON/);
    actor.send(type(JSON.stringify({ statement: [{ effect: 'permit', action: ['fs:ReadObjekt'], resource: 'repo/lake' }] })));
    const { parseError, problems } = actor.getSnapshot().context;
    expect(parseError).toBeUndefined();
    expect(problems).toEqual([
      'Statement 1: effect must be allow or deny',
      "Statement 1: 'fs:ReadObjekt' matches no fs action",
      "Statement 1: 'repo/lake' is not an ARN (arn:lakefs:fs:::repository/{repo}/object/{path}) or *",
    ]);
    actor.send({ type: 'editor.save' });
    expect(saves.calls).toHaveLength(0);
  });

  it('completes the action name being typed', () => {
    const { actor } = start('edit', readAll);
    actor.send({ type: 'editor.open' });
    const text = '{"statement": [{"effect": "allow", "action": ["fs:CreateB"], "resource": "*"}]}';
    const cursor = text.indexOf('fs:CreateB') + 'fs:CreateB'.length;
    actor.send({ type: 'text.change', text, cursor });
    expect(actor.getSnapshot().context.completions).toEqual(['fs:CreateBranch']);
    actor.send({ type: 'completion.accept', action: 'fs:CreateBranch' });
    const after = actor.getSnapshot().context;
    expect(JSON.parse(after.text)).toEqual({ statement: [{ effect: 'allow', action: ['fs:CreateBranch'], resource: '*' }] });
    expect(after.completions).toEqual([]);
    expect(after.problems).toEqual([]);
  });

  it('saves an edit, then reads the policy again; Cancel restores the last saved text', async () => {
    const { actor, saves, reads } = start('edit', readAll);
    actor.send({ type: 'editor.open' });
    expect(actor.getSnapshot().context.id).toBe('FSReadAll');
    const edited = [{ effect: 'deny' as const, action: ['fs:DeleteObject'], resource: 'arn:lakefs:fs:::repository/lake/object/*' }];
    actor.send(type(documentText(edited)));
    actor.send({ type: 'editor.save' });
    expect(saves.last().input).toEqual({ mode: 'edit', policy: { id: 'FSReadAll', statement: edited } });
    saves.last().resolve({ ...readAll, statement: edited });
    await waitFor(actor, (s) => s.matches('refreshing'), { timeout: 5000 });
    expect(reads.last().input).toEqual({ id: 'FSReadAll' });
    reads.last().resolve({ ...readAll, statement: edited });
    await waitFor(actor, (s) => s.matches('closed'), { timeout: 5000 });
    expect(actor.getSnapshot().context.policy?.statement).toEqual(edited);
    actor.send({ type: 'editor.open' });
    actor.send(type('{ not json'));
    actor.send({ type: 'editor.cancel' });
    actor.send({ type: 'editor.open' });
    expect(actor.getSnapshot().context.text).toBe(documentText(edited));
    // A failed read after a save keeps the policy shown, with the error.
    actor.send({ type: 'editor.save' });
    saves.last().resolve(readAll);
    await waitFor(actor, (s) => s.matches('refreshing'), { timeout: 5000 });
    reads.last().reject(new Error('policy not found'));
    const closed = await waitFor(actor, (s) => s.matches('closed'), { timeout: 5000 });
    expect(String(closed.context.error)).toContain('policy not found');
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
