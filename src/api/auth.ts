import { api, noSessionRedirect } from './client';
import { cacheCurrentUser, cachedCurrentUser, clearCurrentUser } from './session';
import type { AuthCapabilities, CurrentUser, LoginConfig, User } from './types';

export { clearCurrentUser };

/**
 * The signed-in user, fetched once per page and cached. A lost session rejects with AuthenticationError
 * (and clears the cache) without redirecting: the caller, usually the route guard, decides where to go.
 */
export function getCurrentUser(): Promise<User> {
  const cached = cachedCurrentUser();
  if (cached) return cached;
  const pending = api
    .get('user', { context: noSessionRedirect })
    .json<CurrentUser>()
    .then((body) => body.user);
  cacheCurrentUser(pending);
  pending.catch(() => {
    if (cachedCurrentUser() === pending) clearCurrentUser();
  });
  return pending;
}

/** Logs in (the server sets the session cookie), then loads the user. Bad credentials reject with a 401 error. */
export async function login(accessKeyId: string, secretAccessKey: string): Promise<User> {
  clearCurrentUser();
  await api.post('auth/login', {
    json: { access_key_id: accessKeyId, secret_access_key: secretAccessKey },
    context: noSessionRedirect,
  });
  return getCurrentUser();
}

export function getCapabilities(): Promise<AuthCapabilities> {
  return api.get('auth/capabilities').json();
}

/** Where Logout goes: the configured address, else the server's /logout route. */
export function logoutUrl(loginConfig?: Pick<LoginConfig, 'logout_url'> | null): string {
  return loginConfig?.logout_url || '/logout';
}
