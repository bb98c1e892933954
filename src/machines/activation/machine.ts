// Activating an invited user (docs/behaviour.md, Activating an invited user): the e-mail is shown, the password is typed twice,
// Create is possible only when both are filled and equal, and the activation token sets the password. Afterwards,
// and without a token, the user goes to login; Cancel goes to /.
import { assign, setup, type ActorRefFrom, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import { promisePlaceholder } from '../../lib/actor-placeholders';
import { redirectNavigation, screenActions } from '../../lib/screen';

export const PASSWORD_MISMATCH = 'Your password and confirmation password do not match.';
const LOGIN_PATH = '/auth/login';

export interface ActivationInput {
  token?: string;
  email?: string;
}

export interface ActivationContext {
  token: string;
  email: string;
  password: string;
  confirmation: string;
  error: unknown;
}

export type ActivationEvent =
  | { type: 'password.change'; password: string }
  | { type: 'confirmation.change'; confirmation: string }
  | { type: 'activation.submit' }
  | { type: 'activation.cancel' };

/** The mismatch message once both fields are filled and differ (docs/behaviour.md, Activating an invited user). */
export function passwordMismatch(context: Pick<ActivationContext, 'password' | 'confirmation'>): string | undefined {
  return context.password !== '' && context.confirmation !== '' && context.password !== context.confirmation ? PASSWORD_MISMATCH : undefined;
}

export const activationMachine = setup({
  types: {
    input: {} as ActivationInput,
    context: {} as ActivationContext,
    events: {} as ActivationEvent,
  },
  actors: {
    activate: promisePlaceholder<void, { token: string; password: string; email: string }>('activate'),
  },
  actions: {
    ...screenActions,
  },
  guards: {
    hasToken: ({ context }) => context.token !== '',
    passwordsMatch: ({ context }) => context.password !== '' && context.password === context.confirmation,
  },
}).createMachine({
  id: 'activation',
  context: ({ input }) => ({ token: input.token ?? '', email: input.email ?? '', password: '', confirmation: '', error: undefined }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasToken', target: 'editing' }, { target: 'toLogin' }],
    },
    editing: {
      on: {
        'password.change': { actions: assign({ password: ({ event }) => event.password, error: undefined }) },
        'confirmation.change': { actions: assign({ confirmation: ({ event }) => event.confirmation, error: undefined }) },
        'activation.submit': { guard: 'passwordsMatch', target: 'activating' },
        'activation.cancel': 'toHome',
      },
    },
    activating: {
      tags: ['busy'],
      invoke: {
        src: 'activate',
        input: ({ context }) => ({ token: context.token, password: context.password, email: context.email }),
        onDone: 'toLogin',
        onError: { target: 'editing', actions: assign({ error: ({ event }: { event: ErrorActorEvent }) => event.error }) },
      },
    },
    toLogin: { type: 'final', entry: { type: 'navigate', params: redirectNavigation({ to: LOGIN_PATH, external: false }) } },
    toHome: { type: 'final', entry: { type: 'navigate', params: redirectNavigation({ to: '/', external: false }) } },
  },
});

export type ActivationActorRef = ActorRefFrom<typeof activationMachine>;
export type ActivationSnapshot = SnapshotFrom<typeof activationMachine>;
