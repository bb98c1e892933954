import { fromPromise } from 'xstate';
import { createCredentials, deleteCredentials } from '../../api/access-control';
import type { CredentialsWithSecret } from '../../api/types';
import { credentialsMachine } from './machine';

export * from './machine';

/** The credentials flow over the real API; the route's useScreen provides the router's actions. */
export const liveCredentialsMachine = credentialsMachine.provide({
  actors: {
    createKey: fromPromise<CredentialsWithSecret, { userId: string }>(({ input }) => createCredentials(input.userId)),
    revokeKey: fromPromise<void, { userId: string; accessKeyId: string }>(({ input }) => deleteCredentials(input.userId, input.accessKeyId)),
  },
});
