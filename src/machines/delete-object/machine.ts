// Deleting one object (docs/behaviour.md, Objects page): the user confirms, the object is deleted, and the machine ends
// telling whether it was. A failure keeps the dialog open with the server's reason in it. The objects page starts
// one per request, and only on a branch of a writable repository.
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { promisePlaceholder } from '../../lib/actor-placeholders';

export interface DeleteObjectInput {
  repoId: string;
  branch: string;
  path: string;
}

export interface DeleteObjectContext extends DeleteObjectInput {
  error: unknown;
  deleted: boolean;
}

export interface DeleteObjectOutput {
  deleted: boolean;
}

export type DeleteObjectEvent = { type: 'delete.confirm' } | { type: 'delete.cancel' };

export const deleteObjectMachine = setup({
  types: {
    input: {} as DeleteObjectInput,
    context: {} as DeleteObjectContext,
    events: {} as DeleteObjectEvent,
    output: {} as DeleteObjectOutput,
  },
  actors: {
    deleteObject: promisePlaceholder<void, DeleteObjectInput>('deleteObject'),
  },
}).createMachine({
  id: 'deleteObject',
  context: ({ input }) => ({ ...input, error: undefined, deleted: false }),
  initial: 'confirming',
  states: {
    confirming: {
      on: {
        'delete.confirm': 'deleting',
        'delete.cancel': 'cancelled',
      },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        src: 'deleteObject',
        input: ({ context }) => ({ repoId: context.repoId, branch: context.branch, path: context.path }),
        onDone: { target: 'deleted', actions: assign({ deleted: true }) },
        onError: { target: 'confirming', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    deleted: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => ({ deleted: context.deleted }),
});

export type DeleteObjectActorRef = ActorRefFrom<typeof deleteObjectMachine>;
export type DeleteObjectSnapshot = SnapshotFrom<typeof deleteObjectMachine>;
