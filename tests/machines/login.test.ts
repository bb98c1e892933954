import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type EventObject } from 'xstate';
import { ApiError, AuthenticationError } from '../../src/api/errors';
import type { LoginConfig, SetupState, User } from '../../src/api/types';
import type { Navigation } from '../../src/lib/screen';
import type { SessionActorRef } from '../../src/machines/session';
import {
  CREDENTIALS_MISMATCH,
  fallbackLoginLabel,
  loginMachine,
  UNKNOWN_AUTH_ERROR,
  type LoginCredentials,
  type LoginInput,
} from '../../src/machines/login/machine';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(loginMachine);

const config = (overrides: Partial<LoginConfig> = {}): LoginConfig => ({
  login_url: '/auth/login',
  login_cookie_names: ['internal_auth_session'],
  logout_url: '/logout',
  ...overrides,
});
const ready = (overrides: Partial<LoginConfig> = {}): SetupState => ({
  state: 'initialized',
  comm_prefs_missing: false,
  login_config: config(overrides),
});
const admin: User = { id: 'admin', creation_date: 1 };
/** What the flow asked the route to do: navigations, and users announced to the session. */
const navigations: Navigation[] = [];
const signIns: User[] = [];
// The session only records who it is told signed in.
const session = createActor(
  fromCallback<EventObject>(({ receive }) =>
    receive((event) => {
      if (event.type === 'session.signedIn' && 'user' in event) signIns.push(event.user as User);
    }),
  ),
).start() as unknown as SessionActorRef;

function start(
  input: Omit<LoginInput, 'session'>,
  options: {
    setupState?: () => Promise<SetupState>;
    login?: (c: LoginCredentials) => Promise<User>;
    clearLoginCookies?: (names: string[]) => void;
  } = {},
) {
  const machine = loginMachine.provide({
    actors: {
      loadSetupState: fromPromise(options.setupState ?? (() => Promise.resolve(ready()))),
      login: fromPromise<User, LoginCredentials>(({ input: c }) => (options.login ?? (() => Promise.resolve(admin)))(c)),
    },
    actions: {
      clearLoginCookies: (_, params) => options.clearLoginCookies?.(params.names),
      navigate: (_, navigation: Navigation) => navigations.push(navigation),
    },
  });
  navigations.length = 0;
  signIns.length = 0;
  return createActor(machine, { input: { session, ...input }, inspect: coverage.inspect }).start();
}

const submit = { type: 'login.submit', accessKeyId: 'AKIA', secretAccessKey: 'secret' } as const;

describe('login machine: setup check', () => {
  it('redirects to /setup when setup is not complete', async () => {
    const actor = start({}, { setupState: () => Promise.resolve({ state: 'not_initialized', comm_prefs_missing: true }) });
    const snap = await waitFor(actor, (s) => s.status === 'done', { timeout: 5000 });
    expect(snap.context.redirect).toEqual({ to: '/setup', external: false });
  });

  it('redirects to /setup when communication preferences are missing', async () => {
    const actor = start({}, { setupState: () => Promise.resolve({ ...ready(), comm_prefs_missing: true }) });
    const snap = await waitFor(actor, (s) => s.status === 'done', { timeout: 5000 });
    expect(snap.context.redirect?.to).toBe('/setup');
  });

  it('goes to a configured login address when redirected', async () => {
    const actor = start({ redirected: true }, { setupState: () => Promise.resolve(ready({ login_url: 'https://sso.example.com/login' })) });
    const snap = await waitFor(actor, (s) => s.status === 'done', { timeout: 5000 });
    expect(snap.context.redirect).toEqual({ to: 'https://sso.example.com/login', external: true });
  });

  it('stays on the form when the configured login address is this page, or when not redirected', async () => {
    const self = start({ redirected: true });
    expect((await waitFor(self, (s) => s.matches('idle'), { timeout: 5000 })).context.redirect).toBeNull();
    const notRedirected = start({}, { setupState: () => Promise.resolve(ready({ login_url: 'https://sso.example.com/login' })) });
    const snap = await waitFor(notRedirected, (s) => s.matches('idle'), { timeout: 5000 });
    expect(snap.context.loginConfig?.login_url).toBe('https://sso.example.com/login');
  });

  it('shows the form without configured extras when the setup state cannot be read', async () => {
    const actor = start({}, { setupState: () => Promise.reject(new ApiError(500, 'down')) });
    const snap = await waitFor(actor, (s) => s.matches('idle'), { timeout: 5000 });
    expect(snap.context.loginConfig).toBeNull();
    expect(snap.context.error).toBeNull();
  });
});

describe('login machine: submitting', () => {
  it('logs in with the typed credentials and goes to next', async () => {
    const login = vi.fn((_: LoginCredentials) => Promise.resolve(admin));
    const actor = start({ next: '/repositories/r/objects?ref=main' }, { login });
    await waitFor(actor, (s) => s.matches('idle'), { timeout: 5000 });
    actor.send(submit);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const snap = await waitFor(actor, (s) => s.status === 'done', { timeout: 5000 });
    expect(login).toHaveBeenCalledWith({ accessKeyId: 'AKIA', secretAccessKey: 'secret' });
    expect(snap.context.redirect).toEqual({ to: '/repositories/r/objects?ref=main', external: false });
    expect(signIns).toEqual([admin]);
    expect(navigations).toEqual([{ href: '/repositories/r/objects?ref=main', replace: true }]);
  });

  it.each([undefined, 'https://evil.example.com/', '//evil.example.com/x', '/\\evil.example.com', 'repositories'])(
    'goes to / when next is %s',
    async (next) => {
      const actor = start({ next });
      await waitFor(actor, (s) => s.matches('idle'), { timeout: 5000 });
      actor.send(submit);
      const snap = await waitFor(actor, (s) => s.status === 'done', { timeout: 5000 });
      expect(snap.context.redirect).toEqual({ to: '/', external: false });
    },
  );

  it("shows the server's login_failed_message as markup on 401", async () => {
    const actor = start(
      {},
      {
        setupState: () => Promise.resolve(ready({ login_failed_message: 'Wrong <b>key</b>' })),
        login: () => Promise.reject(new AuthenticationError(401, 'error authenticating request')),
      },
    );
    await waitFor(actor, (s) => s.matches('idle'), { timeout: 5000 });
    actor.send(submit);
    const snap = await waitFor(actor, (s) => s.matches('idle') && s.context.error !== null, { timeout: 5000 });
    expect(snap.context.error).toEqual({ kind: 'markup', html: 'Wrong <b>key</b>' });
  });

  it("falls back to 'Credentials don't match.' on 401 without a configured message", async () => {
    const actor = start({}, { login: () => Promise.reject(new AuthenticationError(401, 'error authenticating request')) });
    await waitFor(actor, (s) => s.matches('idle'), { timeout: 5000 });
    actor.send(submit);
    const snap = await waitFor(actor, (s) => s.context.error !== null, { timeout: 5000 });
    expect(snap.context.error).toEqual({ kind: 'text', text: CREDENTIALS_MISMATCH });
    expect(snap.matches('idle')).toBe(true);
  });

  it("shows 'Unknown authentication error' for any other failure, and clears it on the next try", async () => {
    let attempt = 0;
    const actor = start(
      {},
      {
        login: () => {
          attempt += 1;
          return attempt === 1 ? Promise.reject(new ApiError(500, 'internal server error')) : new Promise<User>(() => {});
        },
      },
    );
    await waitFor(actor, (s) => s.matches('idle'), { timeout: 5000 });
    actor.send(submit);
    const failed = await waitFor(actor, (s) => s.context.error !== null, { timeout: 5000 });
    expect(failed.context.error).toEqual({ kind: 'text', text: UNKNOWN_AUTH_ERROR });
    actor.send(submit);
    expect(actor.getSnapshot().matches('submitting')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('ignores a second submit while one is running', async () => {
    const login = vi.fn(() => new Promise<User>(() => {}));
    const actor = start({}, { login });
    await waitFor(actor, (s) => s.matches('idle'), { timeout: 5000 });
    actor.send(submit);
    actor.send(submit);
    await Promise.resolve();
    expect(login).toHaveBeenCalledTimes(1);
  });
});

describe('login machine: fallback login', () => {
  it('clears the configured cookies and goes to the fallback address', async () => {
    const cleared: string[][] = [];
    const actor = start(
      {},
      {
        setupState: () =>
          Promise.resolve(ready({ fallback_login_url: 'https://idp.example.com/', login_cookie_names: ['a', 'b'] })),
        clearLoginCookies: (names) => cleared.push(names),
      },
    );
    await waitFor(actor, (s) => s.matches('idle'), { timeout: 5000 });
    actor.send({ type: 'login.fallback' });
    const snap = await waitFor(actor, (s) => s.status === 'done', { timeout: 5000 });
    expect(cleared).toEqual([['a', 'b']]);
    expect(snap.context.redirect).toEqual({ to: 'https://idp.example.com/', external: true });
  });

  it('does nothing without a configured fallback address', async () => {
    const actor = start({});
    await waitFor(actor, (s) => s.matches('idle'), { timeout: 5000 });
    actor.send({ type: 'login.fallback' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it("labels the link with the configured label or 'Try another way to login'", () => {
    expect(fallbackLoginLabel(config())).toBeNull();
    expect(fallbackLoginLabel(config({ fallback_login_url: '/sso' }))).toBe('Try another way to login');
    expect(fallbackLoginLabel(config({ fallback_login_url: '/sso', fallback_login_label: 'Use SSO' }))).toBe('Use SSO');
  });
});

describe('login machine transitions', () => {
  it('takes every transition the machine defines', coverage.expectAllTaken);
});
