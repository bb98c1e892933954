import { api } from './client';
import type { CommPrefs, CredentialsWithSecret, SetupState } from './types';

export function getSetupState(signal?: AbortSignal): Promise<SetupState> {
  return api.get('setup_lakefs', { signal }).json();
}

/** Creates the first admin; the answer holds the only copy of its secret the user will ever see. */
export function setupAdmin(username: string, email?: string): Promise<CredentialsWithSecret> {
  return api.post('setup_lakefs', { json: email ? { username, email } : { username } }).json();
}

export async function setCommPrefs(prefs: CommPrefs): Promise<void> {
  await api.post('setup_comm_prefs', { json: prefs });
}
