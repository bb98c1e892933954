// Deleting a branch or a tag (docs/behaviour.md, Branches and tags): the user confirms, the ref is deleted, and the machine ends telling
// whether it was. A refusal (the default branch, a missing permission) keeps the confirmation open with the
// server's reason in it.
import { assign, setup, type ActorRefFrom, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import { promisePlaceholder } from '../../lib/actor-placeholders';
import { IMPORT_FROM_INVENTORY_BRANCH } from '../../lib/constants';
import type { CreatedRefKind } from '../create-ref/machine';

export interface DeleteRefInput {
  repoId: string;
  kind: CreatedRefKind;
  id: string;
}

export interface DeleteRefContext extends DeleteRefInput {
  /** What the user should weigh before confirming, beside the question itself. */
  warning: string | null;
  error: unknown;
  deleted: boolean;
}

export const SYSTEM_BRANCH_WARNING = `Warning: ${IMPORT_FROM_INVENTORY_BRANCH} is a system branch, used for importing data into the repository.`;

/** docs/behaviour.md, Branches and tags: deleting the system branch import-from-inventory warns first. */
export function deleteRefWarning({ kind, id }: Pick<DeleteRefInput, 'kind' | 'id'>): string | null {
  return kind === 'branch' && id === IMPORT_FROM_INVENTORY_BRANCH ? SYSTEM_BRANCH_WARNING : null;
}

export interface DeleteRefOutput {
  deleted: boolean;
}

export type DeleteRefEvent = { type: 'delete.confirm' } | { type: 'delete.cancel' };

export const deleteRefMachine = setup({
  types: {
    input: {} as DeleteRefInput,
    context: {} as DeleteRefContext,
    events: {} as DeleteRefEvent,
    output: {} as DeleteRefOutput,
  },
  actors: {
    deleteRef: promisePlaceholder<void, DeleteRefInput>('deleteRef'),
  },
}).createMachine({
  id: 'deleteRef',
  context: ({ input }) => ({ ...input, warning: deleteRefWarning(input), error: null, deleted: false }),
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
        src: 'deleteRef',
        input: ({ context }) => ({ repoId: context.repoId, kind: context.kind, id: context.id }),
        onDone: { target: 'deleted', actions: assign({ deleted: true }) },
        onError: { target: 'confirming', actions: assign({ error: ({ event }: { event: ErrorActorEvent }) => event.error }) },
      },
    },
    deleted: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => ({ deleted: context.deleted }),
});

export type DeleteRefActorRef = ActorRefFrom<typeof deleteRefMachine>;
export type DeleteRefSnapshot = SnapshotFrom<typeof deleteRefMachine>;

