// How users log in, as an installation configures it (server/config.ts reads it from the config file and the
// environment): the RBAC mode, and what the console's login page needs to work behind a single-sign-on proxy.

/** `internal`: policies attached to users and groups; `simplified`: each group carries one ACL. */
export type RbacMode = 'internal' | 'simplified';

export const rbacModes: readonly RbacMode[] = ['internal', 'simplified'];

export interface LoginSettings {
  rbac: RbacMode;
  /** Where a redirected (logged-out) request sends the user. */
  loginUrl: string;
  /** Shown (as markup) when a login fails. */
  loginFailedMessage: string;
  /** The other way to log in, and its link's label ('Try another way to login' when unset). */
  fallbackLoginUrl?: string;
  fallbackLoginLabel?: string;
  /** The cookies that the other way to log in clears first. */
  loginCookieNames: string[];
  /** Where logging out goes. */
  logoutUrl: string;
}

export const defaultLoginSettings: LoginSettings = {
  rbac: 'internal',
  loginUrl: '/auth/login',
  loginFailedMessage: "The credentials don't match.",
  loginCookieNames: ['internal_auth_session'],
  logoutUrl: '/logout',
};
