// A group's one permission in simplified mode (docs/behaviour.md, Access control): read (no ACL is a valid answer: the same section), and set
// from the Permission dropdown of the Groups list. A refused change keeps the permission last read, with the reason.
import { assign, setup, type ActorRefFrom, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import type { ACL } from '../../api/types';
import { promisePlaceholder } from '../../lib/actor-placeholders';

export type AclPermission = ACL['permission'];

/** docs/behaviour.md, Access control: the four permission levels, each with what it allows. */
export const ACL_PERMISSIONS: readonly { value: AclPermission; description: string }[] = [
  { value: 'Read', description: 'Read repository data and metadata, manage own credentials.' },
  { value: 'Write', description: 'Read and write data and metadata, manage own credentials.' },
  { value: 'Super', description: 'All operations on the repository, manage own credentials.' },
  { value: 'Admin', description: 'Do anything.' },
];

export interface GroupAclContext {
  groupId: string;
  acl: ACL | null;
  error: unknown;
}

export type GroupAclEvent = { type: 'acl.set'; permission: AclPermission } | { type: 'acl.retry' };

export const groupAclMachine = setup({
  types: {
    input: {} as { groupId: string },
    context: {} as GroupAclContext,
    events: {} as GroupAclEvent,
  },
  actors: {
    readAcl: promisePlaceholder<ACL | null, { groupId: string }>('readAcl'),
    // Answers with the ACL written.
    writeAcl: promisePlaceholder<ACL, { groupId: string; acl: ACL }>('writeAcl'),
  },
  actions: {
    setError: assign((_, error: unknown) => ({ error })),
  },
}).createMachine({
  id: 'groupAcl',
  context: ({ input }) => ({ groupId: input.groupId, acl: null, error: undefined }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'readAcl',
        input: ({ context }) => ({ groupId: context.groupId }),
        onDone: { target: 'ready', actions: assign({ acl: ({ event }) => event.output, error: undefined }) },
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    failed: {
      on: { 'acl.retry': 'loading' },
    },
    ready: {
      on: { 'acl.set': 'saving' },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'writeAcl',
        input: ({ context, event }) => ({
          groupId: context.groupId,
          acl: { ...context.acl, permission: event.type === 'acl.set' ? event.permission : (context.acl?.permission ?? 'Read') },
        }),
        onDone: { target: 'ready', actions: assign({ acl: ({ event }) => event.output, error: undefined }) },
        onError: { target: 'ready', actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
  },
});

export type GroupAclActorRef = ActorRefFrom<typeof groupAclMachine>;
export type GroupAclSnapshot = SnapshotFrom<typeof groupAclMachine>;
