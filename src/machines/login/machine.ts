// Login flow (docs/behaviour.md, Session, login and logout): check the setup state, show the form, submit, go to `next`.
import { assign, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { LoginConfig, SetupState, User } from '../../api/types';
import { ApiError } from '../../api/errors';
import { promisePlaceholder } from '../../lib/actor-placeholders';
import { clearCookies } from '../../lib/cookies';
import { safeNextPath, type Redirect } from '../../lib/redirect';
import { redirectNavigation, screenActions } from '../../lib/screen';
import type { SessionActorRef } from '../session/machine';

export const CREDENTIALS_MISMATCH = "Credentials don't match.";
export const UNKNOWN_AUTH_ERROR = 'Unknown authentication error';
export const DEFAULT_FALLBACK_LABEL = 'Try another way to login';
const CONSOLE_LOGIN_PATH = '/auth/login';

export interface LoginInput {
  /** Told who signed in. */
  session: SessionActorRef;
  next?: string | null;
  redirected?: boolean;
}

/** The server-configured failure text is markup (the view sanitises it); our own wording is plain text. */
export type LoginError = { kind: 'markup'; html: string } | { kind: 'text'; text: string };

export interface LoginCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface LoginContext {
  session: SessionActorRef;
  next: string | null;
  redirected: boolean;
  loginConfig: LoginConfig | null;
  error: LoginError | null;
  redirect: Redirect | null;
}

export type LoginEvent = ({ type: 'login.submit' } & LoginCredentials) | { type: 'login.fallback' };

/** A configured login address, unless it is this very page (following it would loop). */
function externalLoginUrl(config: LoginConfig | null | undefined): string | null {
  const url = config?.login_url?.trim();
  if (!url) return null;
  const isRelative = !/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith('//');
  if (isRelative && new URL(url, 'http://console.invalid').pathname === CONSOLE_LOGIN_PATH) return null;
  return url;
}

export const loginMachine = setup({
  types: {
    input: {} as LoginInput,
    context: {} as LoginContext,
    events: {} as LoginEvent,
  },
  actors: {
    loadSetupState: promisePlaceholder<SetupState>('loadSetupState'),
    login: promisePlaceholder<User, LoginCredentials>('login'),
  },
  actions: {
    clearLoginCookies: (_, params: { names: string[] }) => clearCookies(params.names),
    ...screenActions,
    /** Tells the session who signed in. */
    signedIn: sendTo(({ context }) => context.session, (_, user: User) => ({ type: 'session.signedIn' as const, user })),
  },
  guards: {
    needsSetup: (_, state: SetupState) => state.state !== 'initialized' || state.comm_prefs_missing === true,
    goesToLoginUrl: ({ context }, state: SetupState) =>
      context.redirected && externalLoginUrl(state.login_config) !== null,
    hasFallback: ({ context }) => Boolean(context.loginConfig?.fallback_login_url),
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    session: input.session,
    next: input.next ?? null,
    redirected: input.redirected === true,
    loginConfig: null,
    error: null,
    redirect: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      tags: ['busy'],
      invoke: {
        src: 'loadSetupState',
        onDone: [
          {
            guard: { type: 'needsSetup', params: ({ event }) => event.output },
            target: 'redirecting',
            actions: assign({ redirect: { to: '/setup', external: false } }),
          },
          {
            guard: { type: 'goesToLoginUrl', params: ({ event }) => event.output },
            target: 'redirecting',
            actions: assign({
              redirect: ({ event }) => ({ to: externalLoginUrl(event.output.login_config) ?? '/', external: true }),
            }),
          },
          { target: 'idle', actions: assign({ loginConfig: ({ event }) => event.output.login_config ?? null }) },
        ],
        // Without the setup state the form still works; only the configured extras are missing.
        onError: { target: 'idle' },
      },
    },
    idle: {
      on: {
        'login.submit': { target: 'submitting', actions: assign({ error: null }) },
        'login.fallback': {
          guard: 'hasFallback',
          target: 'redirecting',
          actions: [
            { type: 'clearLoginCookies', params: ({ context }) => ({ names: context.loginConfig?.login_cookie_names ?? [] }) },
            assign({ redirect: ({ context }) => ({ to: context.loginConfig?.fallback_login_url ?? '/', external: true }) }),
          ],
        },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        src: 'login',
        input: ({ event }) =>
          event.type === 'login.submit'
            ? { accessKeyId: event.accessKeyId, secretAccessKey: event.secretAccessKey }
            : { accessKeyId: '', secretAccessKey: '' },
        onDone: {
          target: 'redirecting',
          actions: [
            { type: 'signedIn', params: ({ event }) => event.output },
            assign({ redirect: ({ context }) => ({ to: safeNextPath(context.next), external: false }) }),
          ],
        },
        onError: {
          target: 'idle',
          actions: assign({
            error: ({ context, event }): LoginError => {
              if (!(event.error instanceof ApiError && event.error.status === 401)) {
                return { kind: 'text', text: UNKNOWN_AUTH_ERROR };
              }
              const configured = context.loginConfig?.login_failed_message;
              return configured ? { kind: 'markup', html: configured } : { kind: 'text', text: CREDENTIALS_MISMATCH };
            },
          }),
        },
      },
    },
    redirecting: {
      type: 'final',
      entry: { type: 'navigate', params: ({ context }) => redirectNavigation(context.redirect ?? { to: '/', external: false }) },
    },
  },
});

/** The label of the fallback login link, when one is configured. */
export function fallbackLoginLabel(config: LoginConfig | null): string | null {
  if (!config?.fallback_login_url) return null;
  return config.fallback_login_label || DEFAULT_FALLBACK_LABEL;
}

export type LoginActorRef = ActorRefFrom<typeof loginMachine>;
