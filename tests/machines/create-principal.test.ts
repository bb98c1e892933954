import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ConflictError } from '../../src/api/errors';
import {
  createPrincipalMachine,
  GROUP_NAME_PERCENT,
  INVALID_EMAIL,
  nameProblem,
  USER_NAME_PERCENT,
  type CreatedPrincipal,
  type PrincipalKind,
} from '../../src/machines/create-principal';
import { controlled } from './controlled';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(createPrincipalMachine);

function start(kind: PrincipalKind) {
  const creates = controlled<CreatedPrincipal, { kind: PrincipalKind; name: string }>();
  const actor = createActor(createPrincipalMachine.provide({ actors: { create: creates.logic } }), {
    input: { kind },
    inspect: coverage.inspect,
  }).start();
  return { actor, creates };
}

describe('create-principal machine', () => {
  it('checks names as lakeFS does', () => {
    expect(nameProblem('user', 'jane%')).toBe(USER_NAME_PERCENT);
    expect(nameProblem('group', 'Data%Team')).toBe(GROUP_NAME_PERCENT);
    expect(nameProblem('invite', 'not-an-email')).toBe(INVALID_EMAIL);
    expect(nameProblem('invite', 'jane@example.com')).toBeUndefined();
    expect(nameProblem('user', '')).toBeUndefined();
  });

  it('creates nothing with an empty or refused name, and creates a user with a good one', async () => {
    const { actor, creates } = start('user');
    actor.send({ type: 'create.submit' });
    actor.send({ type: 'name.change', name: 'jane%' });
    actor.send({ type: 'create.submit' });
    expect(creates.calls).toHaveLength(0);
    actor.send({ type: 'name.change', name: ' jane ' });
    actor.send({ type: 'create.submit' });
    expect(creates.last().input).toEqual({ kind: 'user', name: 'jane' });
    creates.last().reject(new ConflictError(409, 'user already exists'));
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== undefined, { timeout: 5000 });
    actor.send({ type: 'create.submit' });
    creates.last().resolve({});
    await waitFor(actor, (s) => s.status === 'done', { timeout: 5000 });
    expect(actor.getSnapshot().output).toEqual({ created: true });
  });

  it('shows an invitation\'s activation link until closed', async () => {
    const { actor, creates } = start('invite');
    actor.send({ type: 'name.change', name: 'jane@example.com' });
    actor.send({ type: 'create.submit' });
    expect(creates.last().input).toEqual({ kind: 'invite', name: 'jane@example.com' });
    creates.last().resolve({ activationUrl: 'http://tarn/auth/users/create?token=t&email=jane%40example.com' });
    const shown = await waitFor(actor, (s) => s.matches('showingActivationLink'), { timeout: 5000 });
    expect(shown.context.activationUrl).toContain('token=t');
    actor.send({ type: 'create.close' });
    expect(actor.getSnapshot().output).toEqual({ created: true });
  });

  it('ends without creating when cancelled', () => {
    const { actor } = start('group');
    actor.send({ type: 'create.cancel' });
    expect(actor.getSnapshot().output).toEqual({ created: false });
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
