import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { AuthorizationError } from '../../src/api/errors';
import type { CredentialsWithSecret } from '../../src/api/types';
import { credentialsMachine } from '../../src/machines/credentials';
import { controlled } from './controlled';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(credentialsMachine);

const key: CredentialsWithSecret = { access_key_id: 'AKIANEW', secret_access_key: 'shh', creation_date: 5 };

function start() {
  const creates = controlled<CredentialsWithSecret, { userId: string }>();
  const revokes = controlled<void, { userId: string; accessKeyId: string }>();
  let refreshed = 0;
  const machine = credentialsMachine.provide({
    actors: { createKey: creates.logic, revokeKey: revokes.logic },
    actions: { invalidate: () => void refreshed++ },
  });
  const actor = createActor(machine, { input: { userId: 'ada', currentAccessKeyId: 'AKIACURRENT' }, inspect: coverage.inspect }).start();
  return { actor, creates, revokes, refreshed: () => refreshed };
}

describe('credentials machine', () => {
  it('creates a key only after confirmation, then shows its secret once', async () => {
    const { actor, creates, refreshed } = start();
    actor.send({ type: 'create.request' });
    expect(actor.getSnapshot().matches('confirmingCreate')).toBe(true);
    expect(creates.calls).toHaveLength(0);
    actor.send({ type: 'create.confirm' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(creates.last().input).toEqual({ userId: 'ada' });
    creates.last().resolve(key);
    const shown = await waitFor(actor, (s) => s.matches('showingSecret'), { timeout: 5000 });
    expect(shown.context.created).toEqual(key);
    expect(refreshed()).toBe(1);
    actor.send({ type: 'secret.close' });
    // The secret is gone once the dialog is closed.
    expect(actor.getSnapshot().context.created).toBeNull();
  });

  it('cancels a creation, and keeps the confirmation open with a refusal', async () => {
    const { actor, creates, refreshed } = start();
    actor.send({ type: 'create.request' });
    actor.send({ type: 'create.cancel' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    actor.send({ type: 'create.request' });
    actor.send({ type: 'create.confirm' });
    creates.last().reject(new AuthorizationError(401, 'insufficient permissions: not allowed to auth:CreateCredentials'));
    const refused = await waitFor(actor, (s) => s.matches('confirmingCreate') && s.context.error !== undefined, { timeout: 5000 });
    expect(String(refused.context.error)).toContain('auth:CreateCredentials');
    expect(refreshed()).toBe(0);
  });

  it('never revokes the key in use; revokes another after confirmation', async () => {
    const { actor, revokes, refreshed } = start();
    actor.send({ type: 'revoke.request', accessKeyId: 'AKIACURRENT' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    actor.send({ type: 'revoke.request', accessKeyId: 'AKIAOLD' });
    expect(actor.getSnapshot().context.revoking).toBe('AKIAOLD');
    actor.send({ type: 'revoke.cancel' });
    expect(actor.getSnapshot().context.revoking).toBeNull();
    actor.send({ type: 'revoke.request', accessKeyId: 'AKIAOLD' });
    actor.send({ type: 'revoke.confirm' });
    expect(revokes.last().input).toEqual({ userId: 'ada', accessKeyId: 'AKIAOLD' });
    revokes.last().reject(new Error('credentials not found'));
    await waitFor(actor, (s) => s.matches('confirmingRevoke') && s.context.error !== undefined, { timeout: 5000 });
    actor.send({ type: 'revoke.confirm' });
    revokes.last().resolve();
    await waitFor(actor, (s) => s.matches('idle'), { timeout: 5000 });
    expect(refreshed()).toBe(1);
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
