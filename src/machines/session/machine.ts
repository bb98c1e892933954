// The session (the root actor in the router context): who is signed in, the server's configuration and
// capabilities, what the user is allowed to do, the 401 rule and logout. Route guards read it; no other module
// keeps the user.
import { assign, setup, type ActorRefFrom, type DoneActorEvent, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import { AuthenticationError } from '../../api/errors';
import type { AuthCapabilities, Config, LoginConfig, User } from '../../api/types';
import { promisePlaceholder } from '../../lib/actor-placeholders';
import { logoutMachine } from '../logout/machine';

/** Whether the signed-in user's effective policies allow an action on a resource. */
export type PermissionCheck = (action: string, resource: string) => boolean;

/** What the server says of itself; each part is absent when it could not be read. */
export interface ServerSettings {
  config: Config | null;
  loginConfig: LoginConfig | null;
  capabilities: AuthCapabilities | null;
}

export interface SessionContext extends ServerSettings {
  user: User | null;
  /**
   * What the user's effective policies allow, read once per sign-in, so screens can disable what the server would
   * refuse. null while unknown: not read yet, or the user may not read them (then every control stays enabled and
   * the server's refusal is shown).
   */
  permissions: PermissionCheck | null;
  /** Why the user could not be checked (the server is unreachable or failing), in state `unavailable`. */
  error: unknown;
}

export type SessionEvent =
  /** The login flow signed a user in. */
  | { type: 'session.signedIn'; user: User }
  /** An API call answered 401 'error authenticating request' while on `next`. */
  | { type: 'session.lost'; next: string }
  | { type: 'session.logout' }
  /** Check again, after the server was unavailable. */
  | { type: 'session.check' }
  | { type: 'settings.reload' }
  /** The user's groups or policies changed: read the effective policies again. */
  | { type: 'permissions.reload' };

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    loadUser: promisePlaceholder<User>('loadUser'),
    loadSettings: promisePlaceholder<ServerSettings>('loadSettings'),
    loadPermissions: promisePlaceholder<PermissionCheck, { userId: string }>('loadPermissions'),
    logout: logoutMachine,
  },
  actions: {
    /** Sends the browser to login, to come back to `next` (provided by the router). */
    goToLogin: (_, _params: { next: string }) => {
      throw new Error('action goToLogin was not provided');
    },
    /** Leaves the console for `url` (a full page load). */
    leave: (_, _params: { url: string }) => {
      throw new Error('action leave was not provided');
    },
    setUser: assign((_, user: User) => ({ user, error: undefined })),
    clearUser: assign({ user: null }),
    setError: assign((_, error: unknown) => ({ error })),
    setSettings: assign((_, settings: ServerSettings) => settings),
    setPermissions: assign((_, permissions: PermissionCheck) => ({ permissions })),
    clearPermissions: assign({ permissions: null }),
  },
  guards: {
    isSignedOut: (_, error: unknown) => error instanceof AuthenticationError,
    hasUser: ({ context }) => context.user !== null,
    noUser: ({ context }) => context.user === null,
  },
}).createMachine({
  id: 'session',
  context: { user: null, permissions: null, config: null, loginConfig: null, capabilities: null, error: undefined },
  type: 'parallel',
  states: {
    auth: {
      initial: 'checking',
      states: {
        checking: {
          tags: ['checking'],
          invoke: {
            src: 'loadUser',
            onDone: { target: 'signedIn', actions: { type: 'setUser', params: ({ event }) => event.output } },
            onError: [
              { guard: { type: 'isSignedOut', params: ({ event }: { event: ErrorActorEvent }) => event.error }, target: 'signedOut' },
              { target: 'unavailable', actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
            ],
          },
        },
        signedIn: {
          on: {
            'session.lost': {
              target: 'signedOut',
              actions: ['clearUser', { type: 'goToLogin', params: ({ event }) => ({ next: event.next }) }],
            },
            'session.logout': 'loggingOut',
            'session.signedIn': { actions: { type: 'setUser', params: ({ event }) => event.user } },
          },
        },
        signedOut: {
          on: {
            'session.signedIn': { target: 'signedIn', actions: { type: 'setUser', params: ({ event }) => event.user } },
            'session.check': 'checking',
          },
        },
        unavailable: {
          on: {
            'session.check': 'checking',
            'session.signedIn': { target: 'signedIn', actions: { type: 'setUser', params: ({ event }) => event.user } },
          },
        },
        loggingOut: {
          tags: ['loggingOut'],
          entry: 'clearUser',
          invoke: {
            src: 'logout',
            input: ({ context }) => ({ loginConfig: context.loginConfig }),
            onDone: { target: 'signedOut', actions: { type: 'leave', params: ({ event }) => ({ url: event.output.url }) } },
          },
        },
      },
    },
    // Read alongside the user, never in front of it: no page waits for these.
    settings: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadSettings',
            onDone: { target: 'loaded', actions: { type: 'setSettings', params: ({ event }) => event.output } },
            onError: 'failed',
          },
        },
        // Signing in may make readable what was refused before (the configuration needs a user).
        loaded: {
          on: { 'settings.reload': 'loading', 'session.signedIn': 'loading' },
        },
        failed: {
          on: { 'settings.reload': 'loading', 'session.signedIn': 'loading' },
        },
      },
    },
    // Follows the user: read when someone is signed in, forgotten when nobody is.
    permissions: {
      initial: 'waiting',
      states: {
        waiting: {
          always: { guard: 'hasUser', target: 'loading' },
        },
        loading: {
          always: { guard: 'noUser', target: 'waiting' },
          invoke: {
            src: 'loadPermissions',
            input: ({ context }) => ({ userId: context.user?.id ?? '' }),
            onDone: {
              target: 'known',
              actions: { type: 'setPermissions', params: ({ event }: { event: DoneActorEvent<PermissionCheck> }) => event.output },
            },
            onError: { target: 'unknown', actions: 'clearPermissions' },
          },
        },
        known: {
          always: { guard: 'noUser', target: 'waiting', actions: 'clearPermissions' },
          on: { 'permissions.reload': 'loading', 'session.signedIn': 'loading' },
        },
        unknown: {
          always: { guard: 'noUser', target: 'waiting' },
          on: { 'permissions.reload': 'loading', 'session.signedIn': 'loading' },
        },
      },
    },
  },
});

/** Whether the user may do `action` on `resource`, and if not, why (for a disabled control's explanation). */
export interface Permission {
  allowed: boolean;
  reason: string | undefined;
}

/** Why a control is disabled: the permission it needs, in the words of lakeFS's refusal. */
export function missingPermissionReason(action: string): string {
  return `Not allowed: you need the ${action} permission`;
}

/** Allowed unless the known policies (`permissions`) refuse it: with unknown policies the server has the last word. */
export function permissionOf(permissions: PermissionCheck | null, action: string, resource: string): Permission {
  const allowed = permissions === null || permissions(action, resource);
  return { allowed, reason: allowed ? undefined : missingPermissionReason(action) };
}

/** What the session's user may do (see permissionOf). */
export function sessionPermission(snapshot: Pick<SnapshotFrom<typeof sessionMachine>, 'context'>, action: string, resource: string): Permission {
  return permissionOf(snapshot.context.permissions, action, resource);
}

/** docs/behaviour.md, Access control: the RBAC setting says whether groups carry one ACL permission and policies are hidden. */
export function isSimplifiedMode(snapshot: Pick<SnapshotFrom<typeof sessionMachine>, 'context'>): boolean {
  return snapshot.context.loginConfig?.RBAC === 'simplified';
}

export type SessionActorRef = ActorRefFrom<typeof sessionMachine>;
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
