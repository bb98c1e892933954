import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { Navigation } from '../../src/lib/screen';
import { activationMachine, PASSWORD_MISMATCH, passwordMismatch } from '../../src/machines/activation/machine';
import { controlled } from './controlled';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(activationMachine);

function start(input: { token?: string; email?: string }) {
  const activations = controlled<void, { token: string; password: string; email: string }>();
  const redirects: Navigation[] = [];
  const machine = activationMachine.provide({
    actors: { activate: activations.logic },
    actions: { navigate: (_, redirect) => void redirects.push(redirect) },
  });
  const actor = createActor(machine, { input, inspect: coverage.inspect }).start();
  return { actor, activations, redirects };
}

describe('activation machine', () => {
  it('goes to login without a token', () => {
    const { actor, redirects } = start({ email: 'jane@example.com' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(redirects).toEqual([{ href: '/auth/login', replace: true }]);
  });

  it('creates only when both passwords are filled and equal, then goes to login', async () => {
    const { actor, activations, redirects } = start({ token: 'tok', email: 'jane@example.com' });
    expect(actor.getSnapshot().can({ type: 'activation.submit' })).toBe(false);
    actor.send({ type: 'password.change', password: 'lake-secret' });
    actor.send({ type: 'confirmation.change', confirmation: 'lake-secreT' });
    expect(passwordMismatch(actor.getSnapshot().context)).toBe(PASSWORD_MISMATCH);
    actor.send({ type: 'activation.submit' });
    expect(activations.calls).toHaveLength(0);
    actor.send({ type: 'confirmation.change', confirmation: 'lake-secret' });
    expect(passwordMismatch(actor.getSnapshot().context)).toBeUndefined();
    actor.send({ type: 'activation.submit' });
    expect(activations.last().input).toEqual({ token: 'tok', password: 'lake-secret', email: 'jane@example.com' });
    activations.last().reject(new Error('token expired'));
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== undefined, { timeout: 5000 });
    actor.send({ type: 'activation.submit' });
    activations.last().resolve();
    await waitFor(actor, (s) => s.status === 'done', { timeout: 5000 });
    expect(redirects).toEqual([{ href: '/auth/login', replace: true }]);
  });

  it('says nothing of a mismatch while a field is empty, and Cancel goes to /', () => {
    const { actor, redirects } = start({ token: 'tok' });
    actor.send({ type: 'password.change', password: 'x' });
    expect(passwordMismatch(actor.getSnapshot().context)).toBeUndefined();
    actor.send({ type: 'activation.cancel' });
    expect(redirects).toEqual([{ href: '/', replace: true }]);
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
