import { redirect } from '@tanstack/react-router';
import { getCurrentUser } from '../../api/auth';
import { AuthenticationError, loginRedirectPath } from '../../api/client';
import type { User } from '../../api/types';

// Pages reachable without a session: login, invited-user activation and first-run setup.
const PUBLIC_PATHS = [/^\/auth\/login\/?$/, /^\/auth\/users\/create\/?$/, /^\/setup(\/.*)?$/];

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.some((pattern) => pattern.test(pathname));
}

/**
 * The root route's guard: public pages pass with no user; every other page needs the signed-in user, and a lost
 * session sends the browser to login with the page to come back to.
 */
export async function requireUser(location: { pathname: string; href: string }): Promise<{ user: User | null }> {
  if (isPublicPath(location.pathname)) return { user: null };
  try {
    return { user: await getCurrentUser() };
  } catch (error) {
    if (error instanceof AuthenticationError) throw redirect({ href: loginRedirectPath(location.href) });
    throw error;
  }
}
