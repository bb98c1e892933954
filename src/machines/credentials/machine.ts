// A user's access keys (docs/behaviour.md, Access control): 'Create Access Key' asks for confirmation, then shows the new key id
// and secret once; Revoke asks about deleting the access key, and is never offered for the key in use. Each change
// reads the route's data again (keys grant nothing: the session's policies stay as they are).
import { assign, setup, type ActorRefFrom, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import type { CredentialsWithSecret } from '../../api/types';
import { promisePlaceholder } from '../../lib/actor-placeholders';
import { screenActions } from '../../lib/screen';

export interface CredentialsInput {
  userId: string;
  /** The access key of the current session, when these are the signed-in user's keys. */
  currentAccessKeyId?: string;
}

export interface CredentialsContext extends CredentialsInput {
  /** The key just created; its secret is shown this once. */
  created: CredentialsWithSecret | null;
  /** The key whose revocation is being confirmed. */
  revoking: string | null;
  error: unknown;
}

export type CredentialsEvent =
  | { type: 'create.request' }
  | { type: 'create.confirm' }
  | { type: 'create.cancel' }
  | { type: 'secret.close' }
  | { type: 'revoke.request'; accessKeyId: string }
  | { type: 'revoke.confirm' }
  | { type: 'revoke.cancel' };

export const credentialsMachine = setup({
  types: {
    input: {} as CredentialsInput,
    context: {} as CredentialsContext,
    events: {} as CredentialsEvent,
  },
  actors: {
    createKey: promisePlaceholder<CredentialsWithSecret, { userId: string }>('createKey'),
    revokeKey: promisePlaceholder<void, { userId: string; accessKeyId: string }>('revokeKey'),
  },
  actions: {
    ...screenActions,
    setError: assign((_, error: unknown) => ({ error })),
    clearError: assign({ error: undefined }),
  },
  guards: {
    revocable: ({ context }, accessKeyId: string) => accessKeyId !== context.currentAccessKeyId,
  },
}).createMachine({
  id: 'credentials',
  context: ({ input }) => ({ ...input, created: null, revoking: null, error: undefined }),
  initial: 'idle',
  states: {
    idle: {
      entry: assign({ created: null, revoking: null, error: undefined }),
      on: {
        'create.request': 'confirmingCreate',
        'revoke.request': {
          guard: { type: 'revocable', params: ({ event }) => event.accessKeyId },
          target: 'confirmingRevoke',
          actions: assign({ revoking: ({ event }) => event.accessKeyId }),
        },
      },
    },
    confirmingCreate: {
      on: { 'create.confirm': 'creating', 'create.cancel': 'idle' },
    },
    creating: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        src: 'createKey',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'showingSecret', actions: [assign({ created: ({ event }) => event.output }), 'invalidate'] },
        onError: { target: 'confirmingCreate', actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    showingSecret: {
      on: { 'secret.close': 'idle' },
    },
    confirmingRevoke: {
      on: { 'revoke.confirm': 'revoking', 'revoke.cancel': 'idle' },
    },
    revoking: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        src: 'revokeKey',
        input: ({ context }) => ({ userId: context.userId, accessKeyId: context.revoking ?? '' }),
        onDone: { target: 'idle', actions: 'invalidate' },
        onError: { target: 'confirmingRevoke', actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
  },
});

export type CredentialsActorRef = ActorRefFrom<typeof credentialsMachine>;
export type CredentialsSnapshot = SnapshotFrom<typeof credentialsMachine>;
