import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError, ConflictError } from '../../src/api/errors';
import type { AdminSetup, CommPrefs, CredentialsWithSecret, SetupState } from '../../src/api/types';
import type { Navigation } from '../../src/lib/screen';
import {
  adminCreated,
  EMAIL_REQUIRED,
  PREFS_NOT_SAVED,
  PREFS_NOT_SAVED_REMEDY,
  SETUP_ALREADY_COMPLETE,
  setupMachine,
  USERNAME_REQUIRED,
} from '../../src/machines/setup/machine';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(setupMachine);

const fresh: SetupState = { state: 'not_initialized', comm_prefs_missing: true };
const complete: SetupState = { state: 'initialized', comm_prefs_missing: false };
const creds: CredentialsWithSecret = { access_key_id: 'AKIAEXAMPLE', secret_access_key: 'sekret', creation_date: 1 };

/** The navigations the flow asked the route for. */
const navigations: Navigation[] = [];

/**
 * A setup flow over fakes. `states` are the setup states the server reports, one a read (the last one repeats);
 * by default a fresh installation, then a complete one.
 */
function start(options: {
  states?: Array<SetupState | Error>;
  createAdmin?: (input: AdminSetup) => Promise<CredentialsWithSecret>;
  saveCommPrefs?: (input: CommPrefs) => Promise<void>;
} = {}) {
  const states = [...(options.states ?? [fresh, complete])];
  const reads = vi.fn(() => {
    const next = states.length > 1 ? states.shift() : states[0];
    return next instanceof Error || next === undefined ? Promise.reject(next ?? new Error('no state')) : Promise.resolve(next);
  });
  const createAdmin = vi.fn(options.createAdmin ?? (() => Promise.resolve(creds)));
  const saveCommPrefs = vi.fn(options.saveCommPrefs ?? (() => Promise.resolve()));
  const machine = setupMachine.provide({
    actors: {
      loadSetupState: fromPromise(reads),
      createAdmin: fromPromise<CredentialsWithSecret, AdminSetup>(({ input }) => createAdmin(input)),
      saveCommPrefs: fromPromise<void, CommPrefs>(({ input }) => saveCommPrefs(input)),
    },
    actions: { navigate: (_, redirect) => navigations.push(redirect) },
  });
  navigations.length = 0;
  const actor = createActor(machine, { inspect: coverage.inspect }).start();
  return { actor, reads, createAdmin, saveCommPrefs };
}

type Started = ReturnType<typeof start>;

const WAIT = { timeout: 5_000 };

/** Fills the form as a user would, once it shows, and presses Setup. */
async function submit(started: Started, fields: { username?: string; email?: string; updates?: boolean } = {}) {
  await waitFor(started.actor, (s) => s.matches('editing'), WAIT);
  send(started, fields);
}

function send({ actor }: Started, fields: { username?: string; email?: string; updates?: boolean }) {
  if (fields.username !== undefined) actor.send({ type: 'setup.change', field: 'username', value: fields.username });
  if (fields.email !== undefined) actor.send({ type: 'setup.change', field: 'email', value: fields.email });
  if (fields.updates !== undefined) actor.send({ type: 'setup.updates', checked: fields.updates });
  actor.send({ type: 'setup.submit' });
}

describe('setup machine: loading', () => {
  it("redirects to '/' when nothing is missing", async () => {
    const { actor } = start({ states: [complete] });
    const snap = await waitFor(actor, (s) => s.status === 'done', WAIT);
    expect(snap.matches('redirecting')).toBe(true);
    expect(navigations).toEqual([{ href: '/', replace: true }]);
  });

  it("shows the form with the username defaulting to 'admin'", async () => {
    const { actor } = start();
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const snap = await waitFor(actor, (s) => s.matches('editing'), WAIT);
    expect(snap.context.username).toBe('admin');
    expect(snap.context.setupState).toEqual(fresh);
  });

  it('shows a load failure and retries', async () => {
    const { actor } = start({ states: [new ApiError(500, 'server unavailable'), fresh] });
    const failed = await waitFor(actor, (s) => s.matches('loadFailed'), WAIT);
    expect(failed.context.error).toBe('Server unavailable');
    actor.send({ type: 'setup.retry' });
    const editing = await waitFor(actor, (s) => s.matches('editing'), WAIT);
    expect(editing.context.error).toBeNull();
  });
});

describe('setup machine: validation', () => {
  it('asks for the admin username and, when comm prefs are missing, the email', async () => {
    const started = start();
    await submit(started, { username: '  ' });
    const snap = started.actor.getSnapshot();
    expect(snap.matches('editing')).toBe(true);
    expect(snap.context.fieldErrors).toEqual({ username: USERNAME_REQUIRED, email: EMAIL_REQUIRED });
    expect(started.createAdmin).not.toHaveBeenCalled();

    started.actor.send({ type: 'setup.change', field: 'username', value: 'root' });
    expect(started.actor.getSnapshot().context.fieldErrors).toEqual({ email: EMAIL_REQUIRED });
  });
});

describe('setup machine: a new installation', () => {
  it('creates the admin and the preferences in one call, then shows the keys', async () => {
    const started = start();
    await waitFor(started.actor, (s) => s.matches('editing'), WAIT);
    send(started, { username: ' root ', email: ' ops@acme.example ', updates: true });
    expect(started.actor.getSnapshot().hasTag('busy')).toBe(true);
    const snap = await waitFor(started.actor, (s) => s.status === 'done', WAIT);
    expect(snap.matches('done')).toBe(true);
    expect(adminCreated(snap)).toBe(true);
    expect(started.createAdmin.mock.calls).toEqual([
      [{ username: 'root', email: 'ops@acme.example', featureUpdates: true, securityUpdates: true }],
    ]);
    // The server took the preferences with the admin: they are not sent again.
    expect(started.saveCommPrefs).not.toHaveBeenCalled();
    expect(started.reads).toHaveBeenCalledTimes(2);
    expect(snap.context.credentials).toEqual(creds);
    expect(snap.context.error).toBeNull();
  });

  it('sends only the name when the server does not ask for preferences, and reads nothing more', async () => {
    const started = start({ states: [{ state: 'not_initialized', comm_prefs_missing: false }] });
    await submit(started);
    const snap = await waitFor(started.actor, (s) => s.status === 'done', WAIT);
    expect(adminCreated(snap)).toBe(true);
    expect(started.createAdmin.mock.calls).toEqual([[{ username: 'admin' }]]);
    expect(started.reads).toHaveBeenCalledTimes(1);
    expect(started.saveCommPrefs).not.toHaveBeenCalled();
  });

  it.each([
    ['an invalid address', 'ops@acme', 'invalid email address', 'Invalid email address'],
    ['a free-mail address', 'ops@gmail.com', 'please use a business email address', 'Please use a business email address'],
  ])('keeps the form, with no keys, when the server refuses %s', async (_, email, refusal, shown) => {
    const started = start({
      createAdmin: (input) => (input.email === email ? Promise.reject(new ApiError(400, refusal)) : Promise.resolve(creds)),
    });
    await submit(started, { username: 'ops', email });
    const refused = await waitFor(started.actor, (s) => s.matches('editing') && s.context.error !== null, WAIT);
    expect(refused.context.error).toBe(shown);
    expect(refused.context.credentials).toBeNull();
    expect(adminCreated(refused)).toBe(false);
    // Nothing else was sent: the refusal left no admin behind.
    expect(started.saveCommPrefs).not.toHaveBeenCalled();
    expect(refused.context.username).toBe('ops');
    expect(refused.context.email).toBe(email);

    // The same form, corrected, sets the installation up.
    await submit(started, { email: 'ops@acme.example' });
    const snap = await waitFor(started.actor, (s) => s.status === 'done', WAIT);
    expect(snap.context.credentials).toEqual(creds);
    expect(snap.context.error).toBeNull();
    expect(started.createAdmin.mock.calls.map(([input]) => input.email)).toEqual([email, 'ops@acme.example']);
  });

  it("shows 'Setup is already complete.' on 409", async () => {
    const started = start({ createAdmin: () => Promise.reject(new ConflictError(409, 'lakeFS already initialized')) });
    await submit(started, { email: 'ops@acme.example' });
    const snap = await waitFor(started.actor, (s) => s.matches('editing') && s.context.error !== null, WAIT);
    expect(snap.context.error).toBe(SETUP_ALREADY_COMPLETE);
    expect(snap.context.credentials).toBeNull();
  });
});

describe('setup machine: after the admin was created', () => {
  it('sends the preferences on their own to a server that ignored them in the setup call', async () => {
    const started = start({ states: [fresh, { state: 'initialized', comm_prefs_missing: true }] });
    await submit(started, { email: 'ops@acme.example' });
    const snap = await waitFor(started.actor, (s) => s.status === 'done', WAIT);
    expect(started.saveCommPrefs.mock.calls).toEqual([[{ email: 'ops@acme.example', featureUpdates: false, securityUpdates: false }]]);
    expect(snap.context.credentials).toEqual(creds);
    expect(snap.context.error).toBeNull();
  });

  it('still shows the keys, with what failed, when sending the preferences afterwards fails', async () => {
    const started = start({
      states: [fresh, { state: 'initialized', comm_prefs_missing: true }],
      saveCommPrefs: () => Promise.reject(new ApiError(503, 'store unavailable')),
    });
    await submit(started, { email: 'ops@acme.example' });
    // The keys are on screen while the later steps run.
    const created = await waitFor(started.actor, (s) => adminCreated(s), WAIT);
    expect(created.context.credentials).toEqual(creds);
    const snap = await waitFor(started.actor, (s) => s.status === 'done', WAIT);
    expect(adminCreated(snap)).toBe(true);
    expect(snap.context.credentials).toEqual(creds);
    expect(snap.context.error).toBe(`${PREFS_NOT_SAVED}: store unavailable. ${PREFS_NOT_SAVED_REMEDY}`);
    expect(started.createAdmin).toHaveBeenCalledTimes(1);
  });

  it('still shows the keys, with what failed, when the setup state cannot be read afterwards', async () => {
    const started = start({ states: [fresh, new ApiError(502, 'bad gateway')] });
    await submit(started, { email: 'ops@acme.example' });
    const snap = await waitFor(started.actor, (s) => s.status === 'done', WAIT);
    expect(snap.context.credentials).toEqual(creds);
    expect(snap.context.error).toBe(`${PREFS_NOT_SAVED}: bad gateway. ${PREFS_NOT_SAVED_REMEDY}`);
  });
});

describe('setup machine: an admin without preferences', () => {
  it('sends only the preferences, then goes home', async () => {
    const started = start({ states: [{ state: 'initialized', comm_prefs_missing: true }] });
    await submit(started, { email: 'ops@acme.example', updates: true });
    const snap = await waitFor(started.actor, (s) => s.status === 'done', WAIT);
    expect(started.createAdmin).not.toHaveBeenCalled();
    expect(started.saveCommPrefs.mock.calls).toEqual([[{ email: 'ops@acme.example', featureUpdates: true, securityUpdates: true }]]);
    expect(snap.matches('redirecting')).toBe(true);
    expect(navigations).toEqual([{ href: '/', replace: true }]);
  });

  it('shows a refusal in the form', async () => {
    const started = start({
      states: [{ state: 'initialized', comm_prefs_missing: true }],
      saveCommPrefs: () => Promise.reject(new ApiError(400, 'please use a business email address')),
    });
    await submit(started, { email: 'ops@gmail.com' });
    const snap = await waitFor(started.actor, (s) => s.matches('editing') && s.context.error !== null, WAIT);
    expect(snap.context.error).toBe('Please use a business email address');
    expect(navigations).toEqual([]);
  });
});

describe('setup machine transitions', () => {
  it('takes every transition the machine defines', coverage.expectAllTaken);
});
