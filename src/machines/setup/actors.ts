// The setup machine's actors over the real API.
import { fromPromise } from 'xstate';
import { getSetupState, setCommPrefs, setupAdmin } from '../../api/setup';
import type { AdminSetup, CommPrefs, CredentialsWithSecret, SetupState } from '../../api/types';

export const setupActors = {
  loadSetupState: fromPromise<SetupState>(({ signal }) => getSetupState(signal)),
  createAdmin: fromPromise<CredentialsWithSecret, AdminSetup>(({ input }) => setupAdmin(input)),
  saveCommPrefs: fromPromise<void, CommPrefs>(({ input }) => setCommPrefs(input)),
};
