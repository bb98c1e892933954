// First-run setup (spec 2 "First-run setup", §4): create the admin if needed, then the communication
// preferences if missing, then show the new credentials once.
import { assign, setup, type ActorRefFrom } from 'xstate';
import { ConflictError, errorMessage } from '../../api/errors';
import type { CommPrefs, CredentialsWithSecret, SetupState } from '../../api/types';
import { promisePlaceholder } from '../../lib/actors';
import { DEFAULT_ADMIN_USERNAME } from '../../lib/constants';
import type { Redirect } from '../../lib/redirect';

export const USERNAME_REQUIRED = 'Please enter your admin username.';
export const EMAIL_REQUIRED = 'Please enter your email address.';
export const SETUP_ALREADY_COMPLETE = 'Setup is already complete.';

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

/** The admin still has to be created (a created one's credentials are kept, never asked for twice). */
export const needsAdmin = (c: Pick<SetupContext, 'setupState' | 'credentials'>) =>
  c.credentials === null && c.setupState?.state !== 'initialized';
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

export const setupMachine = setup({
  types: {
    context: {} as SetupContext,
    events: {} as SetupEvent,
  },
  actors: {
    loadSetupState: promisePlaceholder<SetupState>('loadSetupState'),
    createAdmin: promisePlaceholder<CredentialsWithSecret, { username: string }>('createAdmin'),
    saveCommPrefs: promisePlaceholder<void, CommPrefs>('saveCommPrefs'),
  },
  guards: {
    nothingMissing: (_, state: SetupState) => state.state === 'initialized' && state.comm_prefs_missing !== true,
    formInvalid: ({ context }) => Object.keys(validate(context)).length > 0,
    needsAdmin: ({ context }) => needsAdmin(context),
    needsCommPrefs: ({ context }) => needsCommPrefs(context),
    hasCredentials: ({ context }) => context.credentials !== null,
  },
  actions: {
    showServerError: assign({ error: (_, params: { error: unknown }) => setupErrorText(params.error) }),
    /** Carries out the redirect the flow ends with (provided by the route). */
    navigate: (_, _redirect: Redirect) => {
      throw new Error('action navigate was not provided');
    },
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
          { target: 'submitting', actions: assign({ fieldErrors: {}, error: null }) },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      initial: 'next',
      states: {
        next: {
          always: [
            { guard: 'needsAdmin', target: 'creatingAdmin' },
            { guard: 'needsCommPrefs', target: 'savingCommPrefs' },
            { guard: 'hasCredentials', target: '#setup.done' },
            { target: '#setup.redirecting', actions: assign({ redirect: { to: '/', external: false } }) },
          ],
        },
        creatingAdmin: {
          invoke: {
            src: 'createAdmin',
            input: ({ context }) => ({ username: context.username.trim() }),
            onDone: {
              target: 'next',
              actions: assign(({ context, event }) => ({
                credentials: event.output,
                setupState: { ...context.setupState, state: 'initialized' as const },
              })),
            },
            onError: {
              target: '#setup.editing',
              actions: { type: 'showServerError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        savingCommPrefs: {
          invoke: {
            src: 'saveCommPrefs',
            input: ({ context }) => ({
              email: context.email.trim(),
              featureUpdates: context.featureUpdates,
              securityUpdates: context.featureUpdates,
            }),
            onDone: {
              target: 'next',
              actions: assign(({ context }) => ({ setupState: { ...context.setupState, comm_prefs_missing: false } })),
            },
            onError: {
              target: '#setup.editing',
              actions: { type: 'showServerError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    done: { type: 'final' },
    redirecting: {
      type: 'final',
      entry: { type: 'navigate', params: ({ context }) => context.redirect ?? { to: '/', external: false } },
    },
  },
});

export type SetupActorRef = ActorRefFrom<typeof setupMachine>;
