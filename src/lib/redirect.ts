// Where the console may send a user after login, and how the machines describe a navigation to the views.

/** A navigation decided by a flow: inside the app (router) or to another address (full page load). */
export interface Redirect {
  to: string;
  external: boolean;
}

/**
 * The post-login destination: only a same-origin path (a single leading '/', no scheme, no '//' or '/\'
 * authority trick, no control characters); anything else, and the login page itself, becomes '/'.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must be refused here
  if (/[\u0000-\u001f\u007f]/.test(next)) return '/';
  if (next === '/auth/login' || next.startsWith('/auth/login?') || next.startsWith('/auth/login/')) return '/';
  return next;
}
