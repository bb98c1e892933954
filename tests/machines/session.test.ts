import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError, AuthenticationError, AuthorizationError } from '../../src/api/errors';
import type { Config, LoginConfig, User } from '../../src/api/types';
import { logoutMachine } from '../../src/machines/logout';
import {
  checkedSession,
  isSimplifiedMode,
  sessionMachine,
  sessionPermission,
  type PermissionCheck,
  type ServerSettings,
} from '../../src/machines/session';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(sessionMachine);

const grace: User = { id: 'grace', friendly_name: 'Grace', creation_date: 1 };
const config = { storage_config: { blockstore_type: 'local' }, version_config: { version: '1.0.0' } } as Config;
const loginConfig: LoginConfig = { login_cookie_names: [], logout_url: 'https://sso.example.com/out' } as unknown as LoginConfig;
const settings: ServerSettings = { config, loginConfig, capabilities: { invite_user: false, forgot_password: false } };

const lost = () => new AuthenticationError(401, 'error authenticating request');

interface Fakes {
  loadUser?: () => Promise<User>;
  loadSettings?: () => Promise<ServerSettings>;
  loadLoginConfig?: () => Promise<LoginConfig | null>;
  loadPermissions?: (input: { userId: string }) => Promise<PermissionCheck>;
}

/** Grace may read objects and nothing else. */
const readsOnly: PermissionCheck = (action) => action === 'fs:ReadObject';

function start(fakes: Fakes = {}) {
  const toLogin: string[] = [];
  const left: string[] = [];
  const machine = sessionMachine.provide({
    actors: {
      loadUser: fromPromise(fakes.loadUser ?? (() => Promise.resolve(grace))),
      loadSettings: fromPromise(fakes.loadSettings ?? (() => Promise.resolve(settings))),
      loadPermissions: fromPromise<PermissionCheck, { userId: string }>(({ input }) =>
        (fakes.loadPermissions ?? (() => Promise.resolve(readsOnly)))(input),
      ),
      logout: logoutMachine.provide({
        actors: { loadLoginConfig: fromPromise(fakes.loadLoginConfig ?? (() => Promise.resolve(null))) },
      }),
    },
    actions: {
      goToLogin: (_, { next }) => toLogin.push(next),
      leave: (_, { url }) => left.push(url),
    },
  });
  const session = createActor(machine, { inspect: coverage.inspect }).start();
  return { session, toLogin, left };
}

const settled = (s: { matches: (v: object) => boolean }) => !s.matches({ settings: 'loading' });

describe('session machine', () => {
  it('checks the user and reads the settings alongside, without waiting for them', async () => {
    let releaseSettings: (s: ServerSettings) => void = () => undefined;
    const { session } = start({ loadSettings: () => new Promise((resolve) => (releaseSettings = resolve)) });
    expect(session.getSnapshot().hasTag('checking')).toBe(true);
    await expect(checkedSession(session)).resolves.toEqual({ status: 'signedIn', user: grace });
    expect(session.getSnapshot().matches({ settings: 'loading' })).toBe(true);
    releaseSettings(settings);
    await waitFor(session, settled, { timeout: 5000 });
    expect(session.getSnapshot().context).toMatchObject({ user: grace, config, loginConfig });
  });

  it('is signed out when the server does not know the caller, and signed in once the login flow says so', async () => {
    const { session } = start({ loadUser: () => Promise.reject(lost()) });
    await expect(checkedSession(session)).resolves.toEqual({ status: 'signedOut' });
    session.send({ type: 'session.signedIn', user: grace });
    expect(session.getSnapshot().matches({ auth: 'signedIn' })).toBe(true);
    expect(session.getSnapshot().context.user).toEqual(grace);
  });

  it('checks again on demand after being signed out', async () => {
    let calls = 0;
    const { session } = start({ loadUser: () => (++calls === 1 ? Promise.reject(lost()) : Promise.resolve(grace)) });
    await waitFor(session, (s) => s.matches({ auth: 'signedOut' }), { timeout: 5000 });
    session.send({ type: 'session.check' });
    await expect(checkedSession(session)).resolves.toEqual({ status: 'signedIn', user: grace });
  });

  it('reports an unreachable server to the guard, and recovers on check or sign-in', async () => {
    let calls = 0;
    const failure = new ApiError(503, 'unavailable');
    const { session } = start({ loadUser: () => (++calls === 1 ? Promise.reject(failure) : Promise.resolve(grace)) });
    await expect(checkedSession(session)).rejects.toBe(failure);
    session.send({ type: 'session.check' });
    await waitFor(session, (s) => s.matches({ auth: 'signedIn' }), { timeout: 5000 });

    const again = start({ loadUser: () => Promise.reject(failure) }).session;
    await waitFor(again, (s) => s.matches({ auth: 'unavailable' }), { timeout: 5000 });
    again.send({ type: 'session.signedIn', user: grace });
    expect(again.getSnapshot().matches({ auth: 'signedIn' })).toBe(true);
  });

  it('forgets the user and goes to login with the page when a call finds the session gone', async () => {
    const { session, toLogin } = start();
    await waitFor(session, (s) => s.matches({ auth: 'signedIn' }), { timeout: 5000 });
    session.send({ type: 'session.lost', next: '/repositories/lake/objects?ref=main' });
    expect(session.getSnapshot().matches({ auth: 'signedOut' })).toBe(true);
    expect(session.getSnapshot().context.user).toBeNull();
    expect(toLogin).toEqual(['/repositories/lake/objects?ref=main']);
  });

  it('takes a new user signing in over the current one', async () => {
    const { session } = start();
    await waitFor(session, (s) => s.matches({ auth: 'signedIn' }), { timeout: 5000 });
    const ada: User = { id: 'ada', creation_date: 2 };
    session.send({ type: 'session.signedIn', user: ada });
    expect(session.getSnapshot().context.user).toEqual(ada);
  });

  it('logs out: forgets the user first, then leaves for the configured logout address', async () => {
    const { session, left } = start();
    await waitFor(session, (s) => s.matches({ auth: 'signedIn' }) && s.matches({ settings: 'loaded' }), { timeout: 5000 });
    session.send({ type: 'session.logout' });
    expect(session.getSnapshot().context.user).toBeNull();
    await waitFor(session, (s) => s.matches({ auth: 'signedOut' }), { timeout: 5000 });
    expect(left).toEqual(['https://sso.example.com/out']);
  });

  it('logs out to /logout when no address is configured or the settings are unknown', async () => {
    const { session, left } = start({ loadSettings: () => Promise.reject(new Error('down')) });
    await waitFor(session, (s) => s.matches({ auth: 'signedIn' }) && s.matches({ settings: 'failed' }), { timeout: 5000 });
    session.send({ type: 'session.logout' });
    await waitFor(session, (s) => s.matches({ auth: 'signedOut' }), { timeout: 5000 });
    expect(left).toEqual(['/logout']);
  });

  it('reads the settings again on request and after a sign-in (the configuration needs a user)', async () => {
    let calls = 0;
    const { session } = start({
      loadUser: () => Promise.reject(lost()),
      loadSettings: () => (++calls === 1 ? Promise.reject(lost()) : Promise.resolve(settings)),
    });
    await waitFor(session, (s) => s.matches({ settings: 'failed' }), { timeout: 5000 });
    session.send({ type: 'settings.reload' });
    await waitFor(session, (s) => s.matches({ settings: 'loaded' }), { timeout: 5000 });
    session.send({ type: 'settings.reload' });
    await waitFor(session, (s) => s.matches({ settings: 'loaded' }), { timeout: 5000 });
    session.send({ type: 'session.signedIn', user: grace });
    expect(session.getSnapshot().matches({ settings: 'loading' })).toBe(true);
    await waitFor(session, (s) => s.matches({ settings: 'loaded' }), { timeout: 5000 });

    let failures = 0;
    const other = start({ loadSettings: () => (failures++ === 0 ? Promise.reject(lost()) : Promise.resolve(settings)) }).session;
    await waitFor(other, (s) => s.matches({ settings: 'failed' }), { timeout: 5000 });
    other.send({ type: 'session.signedIn', user: grace });
    await waitFor(other, (s) => s.matches({ settings: 'loaded' }), { timeout: 5000 });
    expect(calls).toBe(4);
  });

  it('knows what the signed-in user may do once the effective policies are read, and forgets it on sign-out', async () => {
    const asked: string[] = [];
    const { session } = start({
      loadPermissions: ({ userId }) => {
        asked.push(userId);
        return Promise.resolve(readsOnly);
      },
    });
    // Unknown at first: every control stays enabled, the server has the last word.
    expect(sessionPermission(session.getSnapshot(), 'fs:WriteObject', '*').allowed).toBe(true);
    await waitFor(session, (s) => s.matches({ permissions: 'known' }), { timeout: 5000 });
    expect(asked).toEqual(['grace']);
    expect(sessionPermission(session.getSnapshot(), 'fs:ReadObject', '*')).toEqual({ allowed: true, reason: undefined });
    expect(sessionPermission(session.getSnapshot(), 'fs:WriteObject', '*')).toEqual({
      allowed: false,
      reason: 'Not allowed: you need the fs:WriteObject permission',
    });
    session.send({ type: 'permissions.reload' });
    await waitFor(session, (s) => s.matches({ permissions: 'known' }), { timeout: 5000 });
    session.send({ type: 'session.signedIn', user: { id: 'ada', creation_date: 2 } });
    await waitFor(session, (s) => s.matches({ permissions: 'known' }), { timeout: 5000 });
    expect(asked).toEqual(['grace', 'grace', 'ada']);
    session.send({ type: 'session.lost', next: '/' });
    expect(session.getSnapshot().matches({ permissions: 'waiting' })).toBe(true);
    expect(session.getSnapshot().context.permissions).toBeNull();
  });

  it('leaves permissions unknown when the user may not read them, and reads them again on request', async () => {
    let calls = 0;
    const { session } = start({
      loadPermissions: () => (++calls === 1 ? Promise.reject(new AuthorizationError(401, 'insufficient permissions')) : Promise.resolve(readsOnly)),
    });
    await waitFor(session, (s) => s.matches({ permissions: 'unknown' }), { timeout: 5000 });
    expect(sessionPermission(session.getSnapshot(), 'auth:CreateUser', '*').allowed).toBe(true);
    session.send({ type: 'permissions.reload' });
    await waitFor(session, (s) => s.matches({ permissions: 'known' }), { timeout: 5000 });
    expect(sessionPermission(session.getSnapshot(), 'auth:CreateUser', '*').allowed).toBe(false);

    const other = start({ loadPermissions: () => Promise.reject(new Error('down')) }).session;
    await waitFor(other, (s) => s.matches({ permissions: 'unknown' }), { timeout: 5000 });
    other.send({ type: 'session.signedIn', user: grace });
    await waitFor(other, (s) => s.matches({ permissions: 'unknown' }), { timeout: 5000 });
    other.send({ type: 'session.lost', next: '/' });
    expect(other.getSnapshot().matches({ permissions: 'waiting' })).toBe(true);
  });

  it('forgets a read under way when the user goes', async () => {
    let release: (check: PermissionCheck) => void = () => undefined;
    const { session } = start({ loadPermissions: () => new Promise((resolve) => (release = resolve)) });
    await waitFor(session, (s) => s.matches({ permissions: 'loading' }), { timeout: 5000 });
    session.send({ type: 'session.lost', next: '/' });
    expect(session.getSnapshot().matches({ permissions: 'waiting' })).toBe(true);
    release(readsOnly);
    expect(session.getSnapshot().context.permissions).toBeNull();
  });

  it('tells simplified mode by the RBAC setting', () => {
    expect(isSimplifiedMode({ context: { loginConfig: { ...loginConfig, RBAC: 'simplified' } } } as never)).toBe(true);
    expect(isSimplifiedMode({ context: { loginConfig } } as never)).toBe(false);
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
