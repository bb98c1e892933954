// First-run setup (docs/behaviour.md, First-run setup). An installation without an admin gets one setup call carrying the
// admin's name and, when the server asks for them, the communication preferences: the server checks them all
// before it creates anything, so a refused e-mail leaves nothing half done and the form stays as it was. Once the
// admin exists its keys are shown, whatever happens after: a server that still reports the preferences missing
// (one that ignores them in the setup call) is sent them on their own, and a failure of that is shown beside the
// keys. An installation whose admin exists but whose preferences are missing is asked for the preferences alone.
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { ConflictError, errorMessage } from '../../api/errors';
import type { AdminSetup, CommPrefs, CredentialsWithSecret, SetupState } from '../../api/types';
import { promisePlaceholder } from '../../lib/actor-placeholders';
import type { Redirect } from '../../lib/redirect';
import { redirectNavigation, screenActions } from '../../lib/screen';

/** docs/behaviour.md, First-run setup. */
export const DEFAULT_ADMIN_USERNAME = 'admin';

export const USERNAME_REQUIRED = 'Please enter your admin username.';
export const EMAIL_REQUIRED = 'Please enter your email address.';
export const SETUP_ALREADY_COMPLETE = 'Setup is already complete.';
/** Shown beside the keys when the admin was created but a later step failed. */
export const PREFS_NOT_SAVED = 'The admin was created, but the e-mail preferences were not saved';
export const PREFS_NOT_SAVED_REMEDY =
  'Keep the keys below and log in with them: the console asks for the e-mail again at login.';

export interface SetupFieldErrors {
  username?: string;
  email?: string;
}

export interface SetupContext {
  setupState: SetupState | null;
  username: string;
  email: string;
  featureUpdates: boolean;
  fieldErrors: SetupFieldErrors;
  error: string | null;
  credentials: CredentialsWithSecret | null;
  redirect: Redirect | null;
}

export type SetupEvent =
  | { type: 'setup.change'; field: 'username' | 'email'; value: string }
  | { type: 'setup.updates'; checked: boolean }
  | { type: 'setup.submit' }
  | { type: 'setup.retry' };

/** The installation has no admin yet: the form asks for its name. */
export const needsAdmin = (c: Pick<SetupContext, 'setupState'>) => c.setupState?.state !== 'initialized';
/** The server asks for the communication preferences: the form asks for the e-mail. */
export const needsCommPrefs = (c: Pick<SetupContext, 'setupState'>) => c.setupState?.comm_prefs_missing === true;

function validate(c: SetupContext): SetupFieldErrors {
  const errors: SetupFieldErrors = {};
  if (needsAdmin(c) && c.username.trim() === '') errors.username = USERNAME_REQUIRED;
  if (needsCommPrefs(c) && c.email.trim() === '') errors.email = EMAIL_REQUIRED;
  return errors;
}

/** Server errors as the form shows them: the 409 in the catalogue's words, others capitalised. */
export function setupErrorText(error: unknown): string {
  if (error instanceof ConflictError) return SETUP_ALREADY_COMPLETE;
  const text = errorMessage(error);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function commPrefs(c: SetupContext): CommPrefs {
  // The one checkbox covers security, product and feature updates (its binding label says so).
  return { email: c.email.trim(), featureUpdates: c.featureUpdates, securityUpdates: c.featureUpdates };
}

/** The setup call: the admin's name, and the preferences in the same call when they are missing. */
function adminSetup(c: SetupContext): AdminSetup {
  const username = c.username.trim();
  return needsCommPrefs(c) ? { username, ...commPrefs(c) } : { username };
}

export const setupMachine = setup({
  types: {
    context: {} as SetupContext,
    events: {} as SetupEvent,
  },
  actors: {
    loadSetupState: promisePlaceholder<SetupState>('loadSetupState'),
    createAdmin: promisePlaceholder<CredentialsWithSecret, AdminSetup>('createAdmin'),
    saveCommPrefs: promisePlaceholder<void, CommPrefs>('saveCommPrefs'),
  },
  guards: {
    nothingMissing: (_, state: SetupState) => state.state === 'initialized' && state.comm_prefs_missing !== true,
    formInvalid: ({ context }) => Object.keys(validate(context)).length > 0,
    needsAdmin: ({ context }) => needsAdmin(context),
    sentCommPrefs: ({ context }) => needsCommPrefs(context),
    stillMissing: (_, state: SetupState) => state.comm_prefs_missing === true,
  },
  actions: {
    showServerError: assign({ error: (_, params: { error: unknown }) => setupErrorText(params.error) }),
    showLaterError: assign({
      error: (_, params: { error: unknown }) => `${PREFS_NOT_SAVED}: ${errorMessage(params.error)}. ${PREFS_NOT_SAVED_REMEDY}`,
    }),
    ...screenActions,
  },
}).createMachine({
  id: 'setup',
  context: {
    setupState: null,
    username: DEFAULT_ADMIN_USERNAME,
    email: '',
    featureUpdates: false,
    fieldErrors: {},
    error: null,
    credentials: null,
    redirect: null,
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadSetupState',
        onDone: [
          {
            guard: { type: 'nothingMissing', params: ({ event }) => event.output },
            target: 'redirecting',
            actions: assign({ redirect: { to: '/', external: false } }),
          },
          { target: 'editing', actions: assign({ setupState: ({ event }) => event.output, error: null }) },
        ],
        onError: { target: 'loadFailed', actions: { type: 'showServerError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      on: { 'setup.retry': 'loading' },
    },
    editing: {
      on: {
        'setup.change': {
          actions: assign(({ context, event }) => ({
            ...(event.field === 'username' ? { username: event.value } : { email: event.value }),
            fieldErrors: { ...context.fieldErrors, [event.field]: undefined },
          })),
        },
        'setup.updates': { actions: assign({ featureUpdates: ({ event }) => event.checked }) },
        'setup.submit': [
          { guard: 'formInvalid', actions: assign({ fieldErrors: ({ context }) => validate(context) }) },
          { guard: 'needsAdmin', target: 'creatingAdmin', actions: assign({ fieldErrors: {}, error: null }) },
          { target: 'savingCommPrefs', actions: assign({ fieldErrors: {}, error: null }) },
        ],
      },
    },
    // One call; a refusal (a free-mail or invalid address, a bad name, 409) created nothing: back to the form.
    creatingAdmin: {
      tags: ['busy'],
      invoke: {
        src: 'createAdmin',
        input: ({ context }) => adminSetup(context),
        onDone: { target: 'created', actions: assign({ credentials: ({ event }) => event.output }) },
        onError: { target: 'editing', actions: { type: 'showServerError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // The admin existed before this visit: only the preferences were missing.
    savingCommPrefs: {
      tags: ['busy'],
      invoke: {
        src: 'saveCommPrefs',
        input: ({ context }) => commPrefs(context),
        onDone: { target: 'redirecting', actions: assign({ redirect: { to: '/', external: false } }) },
        onError: { target: 'editing', actions: { type: 'showServerError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // The admin exists: its keys are shown from here on, whatever the steps after it do.
    created: {
      tags: ['created'],
      initial: 'confirming',
      onDone: 'done',
      states: {
        confirming: {
          always: [{ guard: 'sentCommPrefs', target: 'checking' }, { target: 'finished' }],
        },
        // A server that ignores the preferences in the setup call still reports them missing.
        checking: {
          invoke: {
            src: 'loadSetupState',
            onDone: [
              { guard: { type: 'stillMissing', params: ({ event }) => event.output }, target: 'savingCommPrefs' },
              { target: 'finished' },
            ],
            onError: { target: 'finished', actions: { type: 'showLaterError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        savingCommPrefs: {
          invoke: {
            src: 'saveCommPrefs',
            input: ({ context }) => commPrefs(context),
            onDone: 'finished',
            onError: { target: 'finished', actions: { type: 'showLaterError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        finished: { type: 'final' },
      },
    },
    done: { type: 'final', tags: ['created'] },
    redirecting: {
      type: 'final',
      entry: { type: 'navigate', params: ({ context }) => redirectNavigation(context.redirect ?? { to: '/', external: false }) },
    },
  },
});

export type SetupActorRef = ActorRefFrom<typeof setupMachine>;
export type SetupSnapshot = SnapshotFrom<typeof setupMachine>;

/** The admin was created in this visit: its keys are shown (with `error` when a later step failed). */
export const adminCreated = (snapshot: SetupSnapshot): boolean => snapshot.hasTag('created');
