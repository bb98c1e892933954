// The signed-in user, cached for the life of the page, and what happens when the session is found to be gone.
import type { User } from './types';

let cachedUser: Promise<User> | null = null;

export function cachedCurrentUser(): Promise<User> | null {
  return cachedUser;
}

export function cacheCurrentUser(user: Promise<User>): void {
  cachedUser = user;
}

export function clearCurrentUser(): void {
  cachedUser = null;
}

/** `/auth/login?redirected=true&next=<path>`: where the 401 rule sends the user. */
export function loginRedirectPath(next: string): string {
  return `/auth/login?redirected=true&next=${encodeURIComponent(next)}`;
}

export type UnauthenticatedHandler = (next: string) => void;

function currentPath(): string {
  if (typeof window === 'undefined') return '/';
  return window.location.pathname + window.location.search;
}

/** The default: a full page load, for when the app has not installed its router-based handler. */
export const navigateToLogin: UnauthenticatedHandler = (next) => {
  if (typeof window === 'undefined' || window.location.pathname.startsWith('/auth/login')) return;
  window.location.assign(loginRedirectPath(next));
};

let unauthenticatedHandler: UnauthenticatedHandler = navigateToLogin;

/** Lets the app route to login through its router instead of a full page load. */
export function setUnauthenticatedHandler(handler: UnauthenticatedHandler): void {
  unauthenticatedHandler = handler;
}

/** The 401 rule: forget the user and send them to login, remembering where they were. */
export function onSessionLost(): void {
  clearCurrentUser();
  unauthenticatedHandler(currentPath());
}
