import { fromPromise } from 'xstate';
import { createCredentials, deleteCredentials } from '../../api/access-control';
import type { CredentialsWithSecret } from '../../api/types';
import { credentialsMachine } from './machine';

export * from './machine';

/** The credentials flow over the real API; `refresh` loads the list again after a change. */
export function liveCredentialsMachine(refresh: () => void) {
  return credentialsMachine.provide({
    actions: { refresh },
    actors: {
      createKey: fromPromise<CredentialsWithSecret, { userId: string }>(({ input }) => createCredentials(input.userId)),
      revokeKey: fromPromise<void, { userId: string; accessKeyId: string }>(({ input }) =>
        deleteCredentials(input.userId, input.accessKeyId),
      ),
    },
  });
}
