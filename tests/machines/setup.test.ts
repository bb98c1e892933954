import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError, ConflictError } from '../../src/api/errors';
import type { CommPrefs, CredentialsWithSecret, SetupState } from '../../src/api/types';
import type { Redirect } from '../../src/lib/redirect';
import {
  EMAIL_REQUIRED,
  SETUP_ALREADY_COMPLETE,
  setupMachine,
  USERNAME_REQUIRED,
} from '../../src/machines/setup/machine';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(setupMachine);

const fresh: SetupState = { state: 'not_initialized', comm_prefs_missing: true };
const creds: CredentialsWithSecret = { access_key_id: 'AKIAEXAMPLE', secret_access_key: 'sekret', creation_date: 1 };

/** The navigations the flow asked the route for. */
const navigations: Redirect[] = [];

function start(options: {
  state?: () => Promise<SetupState>;
  createAdmin?: (input: { username: string }) => Promise<CredentialsWithSecret>;
  saveCommPrefs?: (input: CommPrefs) => Promise<void>;
} = {}) {
  const machine = setupMachine.provide({
    actors: {
      loadSetupState: fromPromise(options.state ?? (() => Promise.resolve(fresh))),
      createAdmin: fromPromise<CredentialsWithSecret, { username: string }>(({ input }) =>
        (options.createAdmin ?? (() => Promise.resolve(creds)))(input),
      ),
      saveCommPrefs: fromPromise<void, CommPrefs>(({ input }) => (options.saveCommPrefs ?? (() => Promise.resolve()))(input)),
    },
    actions: { navigate: (_, redirect) => navigations.push(redirect) },
  });
  navigations.length = 0;
  return createActor(machine, { inspect: coverage.inspect }).start();
}

describe('setup machine: loading', () => {
  it("redirects to '/' when nothing is missing", async () => {
    const actor = start({ state: () => Promise.resolve({ state: 'initialized', comm_prefs_missing: false }) });
    const snap = await waitFor(actor, (s) => s.status === 'done');
    expect(snap.matches('redirecting')).toBe(true);
    expect(snap.context.redirect).toEqual({ to: '/', external: false });
    expect(navigations).toEqual([{ to: '/', external: false }]);
  });

  it("shows the form with the username defaulting to 'admin'", async () => {
    const actor = start();
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const snap = await waitFor(actor, (s) => s.matches('editing'));
    expect(snap.context.username).toBe('admin');
    expect(snap.context.setupState).toEqual(fresh);
  });

  it('shows a load failure and retries', async () => {
    let calls = 0;
    const actor = start({
      state: () => {
        calls += 1;
        return calls === 1 ? Promise.reject(new ApiError(500, 'server unavailable')) : Promise.resolve(fresh);
      },
    });
    const failed = await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(failed.context.error).toBe('Server unavailable');
    actor.send({ type: 'setup.retry' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});

describe('setup machine: validation', () => {
  it('asks for the admin username and, when comm prefs are missing, the email', async () => {
    const createAdmin = vi.fn(() => Promise.resolve(creds));
    const actor = start({ createAdmin });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'setup.change', field: 'username', value: '  ' });
    actor.send({ type: 'setup.submit' });
    const snap = actor.getSnapshot();
    expect(snap.matches('editing')).toBe(true);
    expect(snap.context.fieldErrors).toEqual({ username: USERNAME_REQUIRED, email: EMAIL_REQUIRED });
    expect(createAdmin).not.toHaveBeenCalled();

    actor.send({ type: 'setup.change', field: 'username', value: 'root' });
    expect(actor.getSnapshot().context.fieldErrors.username).toBeUndefined();
    expect(actor.getSnapshot().context.fieldErrors.email).toBe(EMAIL_REQUIRED);
  });

  it('does not require an email when comm prefs are already set', async () => {
    const saveCommPrefs = vi.fn(() => Promise.resolve());
    const actor = start({ state: () => Promise.resolve({ state: 'not_initialized', comm_prefs_missing: false }), saveCommPrefs });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'setup.submit' });
    const snap = await waitFor(actor, (s) => s.status === 'done');
    expect(snap.matches('done')).toBe(true);
    expect(saveCommPrefs).not.toHaveBeenCalled();
  });
});

describe('setup machine: submitting', () => {
  it('creates the admin, then saves the comm prefs, then shows the credentials once', async () => {
    const calls: string[] = [];
    const createAdmin = vi.fn((input: { username: string }) => {
      calls.push(`admin:${input.username}`);
      return Promise.resolve(creds);
    });
    const saveCommPrefs = vi.fn((input: CommPrefs) => {
      calls.push(`prefs:${input.email}`);
      return Promise.resolve();
    });
    const actor = start({ createAdmin, saveCommPrefs });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'setup.change', field: 'username', value: ' root ' });
    actor.send({ type: 'setup.change', field: 'email', value: 'ops@example.com' });
    actor.send({ type: 'setup.updates', checked: true });
    actor.send({ type: 'setup.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const snap = await waitFor(actor, (s) => s.status === 'done');
    expect(snap.matches('done')).toBe(true);
    expect(calls).toEqual(['admin:root', 'prefs:ops@example.com']);
    expect(saveCommPrefs).toHaveBeenCalledWith({ email: 'ops@example.com', featureUpdates: true, securityUpdates: true });
    expect(snap.context.credentials).toEqual(creds);
  });

  it('only saves the comm prefs when the admin exists, then goes home', async () => {
    const createAdmin = vi.fn(() => Promise.resolve(creds));
    const actor = start({ state: () => Promise.resolve({ state: 'initialized', comm_prefs_missing: true }), createAdmin });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'setup.change', field: 'email', value: 'ops@example.com' });
    actor.send({ type: 'setup.submit' });
    const snap = await waitFor(actor, (s) => s.status === 'done');
    expect(createAdmin).not.toHaveBeenCalled();
    expect(snap.matches('redirecting')).toBe(true);
    expect(snap.context.redirect?.to).toBe('/');
  });

  it("shows 'Setup is already complete.' on 409", async () => {
    const actor = start({ createAdmin: () => Promise.reject(new ConflictError(409, 'lakeFS already initialized')) });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'setup.change', field: 'email', value: 'ops@example.com' });
    actor.send({ type: 'setup.submit' });
    const snap = await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(snap.context.error).toBe(SETUP_ALREADY_COMPLETE);
    expect(snap.context.credentials).toBeNull();
  });

  it('shows other server errors in the form, capitalised', async () => {
    const actor = start({ createAdmin: () => Promise.reject(new ApiError(400, "user name cannot contain '%'")) });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'setup.change', field: 'email', value: 'ops@example.com' });
    actor.send({ type: 'setup.submit' });
    const snap = await waitFor(actor, (s) => s.context.error !== null);
    expect(snap.context.error).toBe("User name cannot contain '%'");
  });

  it('keeps the created credentials when saving the comm prefs fails, and does not create the admin twice', async () => {
    let prefsCalls = 0;
    const createAdmin = vi.fn(() => Promise.resolve(creds));
    const actor = start({
      createAdmin,
      saveCommPrefs: () => {
        prefsCalls += 1;
        return prefsCalls === 1 ? Promise.reject(new ApiError(400, 'invalid email address')) : Promise.resolve();
      },
    });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'setup.change', field: 'email', value: 'nope@nope' });
    actor.send({ type: 'setup.submit' });
    const failed = await waitFor(actor, (s) => s.context.error !== null);
    expect(failed.matches('editing')).toBe(true);
    expect(failed.context.error).toBe('Invalid email address');
    expect(failed.context.credentials).toEqual(creds);

    actor.send({ type: 'setup.change', field: 'email', value: 'ops@example.com' });
    actor.send({ type: 'setup.submit' });
    const snap = await waitFor(actor, (s) => s.status === 'done');
    expect(snap.matches('done')).toBe(true);
    expect(createAdmin).toHaveBeenCalledTimes(1);
    expect(snap.context.credentials).toEqual(creds);
  });
});

describe('setup machine transitions', () => {
  it('takes every transition the machine defines', coverage.expectAllTaken);
});
