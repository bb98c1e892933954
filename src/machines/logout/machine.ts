// Logout (docs/behaviour.md, Session, login and logout): the user is forgotten first (by the session, which runs this flow), then the browser leaves for
// the configured logout address, or the server's /logout, which ends the session server-side.
import { assign, setup } from 'xstate';
import type { LoginConfig } from '../../api/types';
import { promisePlaceholder } from '../../lib/actor-placeholders';

export const SERVER_LOGOUT_PATH = '/logout';

export interface LogoutInput {
  /** The login configuration, when the session already has it. */
  loginConfig: LoginConfig | null;
}

export interface LogoutContext {
  loginConfig: LoginConfig | null;
}

export interface LogoutOutput {
  /** Where the browser goes. */
  url: string;
}

/** The configured logout address, else the server's. */
export function logoutUrl(loginConfig: Pick<LoginConfig, 'logout_url'> | null): string {
  return loginConfig?.logout_url || SERVER_LOGOUT_PATH;
}

export const logoutMachine = setup({
  types: {
    input: {} as LogoutInput,
    context: {} as LogoutContext,
    output: {} as LogoutOutput,
  },
  actors: {
    loadLoginConfig: promisePlaceholder<LoginConfig | null>('loadLoginConfig'),
  },
  guards: {
    knowsLoginConfig: ({ context }) => context.loginConfig !== null,
  },
}).createMachine({
  id: 'logout',
  context: ({ input }) => ({ loginConfig: input.loginConfig }),
  initial: 'resolving',
  states: {
    resolving: {
      always: [{ guard: 'knowsLoginConfig', target: 'leaving' }, { target: 'loadingLoginConfig' }],
    },
    loadingLoginConfig: {
      invoke: {
        src: 'loadLoginConfig',
        onDone: { target: 'leaving', actions: assign({ loginConfig: ({ event }) => event.output }) },
        // Without the configuration the server's own logout still ends the session.
        onError: { target: 'leaving' },
      },
    },
    leaving: { type: 'final' },
  },
  output: ({ context }) => ({ url: logoutUrl(context.loginConfig) }),
});
