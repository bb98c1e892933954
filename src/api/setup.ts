import { api, failsAs } from './client';
import type { AdminSetup, CommPrefs, CredentialsWithSecret, SetupState } from './types';

export function getSetupState(signal?: AbortSignal): Promise<SetupState> {
  return api.get('setup_lakefs', { signal, ...failsAs('get the setup state') }).json();
}

/**
 * Creates the first admin, with the communication preferences when the server asks for them: the server checks
 * both before it creates anything, so a refused address leaves nothing half done. The answer holds the only copy
 * of the admin's secret the user will ever see.
 */
export function setupAdmin(setup: AdminSetup): Promise<CredentialsWithSecret> {
  return api.post('setup_lakefs', { json: setup }).json();
}

/** The preferences alone, for an installation whose admin exists already (lakeFS sends them only then). */
export async function setCommPrefs(prefs: CommPrefs): Promise<void> {
  await api.post('setup_comm_prefs', { json: prefs });
}
