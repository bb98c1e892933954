import { api, failsAs, noSessionRedirect } from './client';
import type { AuthCapabilities, CurrentUser, User } from './types';

/**
 * The signed-in user. A lost session rejects with AuthenticationError without redirecting: the caller (the session
 * actor) decides where to go. The session actor is the one place that keeps the user.
 */
export async function getCurrentUser(signal?: AbortSignal): Promise<User> {
  const body = await api.get('user', { signal, context: { ...noSessionRedirect, ...failsAs('get the signed-in user').context } }).json<CurrentUser>();
  return body.user;
}

/** Logs in (the server sets the session cookie), then loads the user. Bad credentials reject with a 401 error. */
export async function login(accessKeyId: string, secretAccessKey: string): Promise<User> {
  await api.post('auth/login', {
    json: { access_key_id: accessKeyId, secret_access_key: secretAccessKey },
    context: noSessionRedirect,
  });
  return getCurrentUser();
}

export function getCapabilities(signal?: AbortSignal): Promise<AuthCapabilities> {
  return api.get('auth/capabilities', { signal }).json();
}
