// Deleting one thing after the user confirms (docs/behaviour.md, Objects page; Branches and tags): an object, a branch
// or a tag. The owner starts one per request with what to delete; the question, the title and any warning come from
// that, the deletion from the one `remove` actor. A failure (the default branch, a protected branch, a missing
// permission) keeps the confirmation open with the server's reason in it; the machine ends telling whether it deleted.
import { assign, setup, type ActorRefFrom, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import { promisePlaceholder } from '../../lib/actor-placeholders';

/** The branch lakeFS imports through (docs/behaviour.md, Branches and tags). */
export const IMPORT_FROM_INVENTORY_BRANCH = 'import-from-inventory';

/** What is deleted: an object on a branch, or a branch or a tag. */
export type DeleteTarget =
  | { kind: 'object'; repoId: string; branch: string; path: string }
  | { kind: 'branch' | 'tag'; repoId: string; id: string };

export interface ConfirmDeleteInput {
  target: DeleteTarget;
}

/** What the confirmation says. */
export interface DeleteLabels {
  title: string;
  question: string;
}

export interface ConfirmDeleteContext extends ConfirmDeleteInput, DeleteLabels {
  /** What the user should weigh before confirming, beside the question itself. */
  warning: string | null;
  error: unknown;
  deleted: boolean;
}

export interface ConfirmDeleteOutput {
  deleted: boolean;
}

export type ConfirmDeleteEvent = { type: 'delete.confirm' } | { type: 'delete.cancel' };

export const SYSTEM_BRANCH_WARNING = `Warning: ${IMPORT_FROM_INVENTORY_BRANCH} is a system branch, used for importing data into the repository.`;

/** docs/behaviour.md, Branches and tags: deleting the system branch import-from-inventory warns first. */
export function deleteWarning(target: DeleteTarget): string | null {
  return target.kind === 'branch' && target.id === IMPORT_FROM_INVENTORY_BRANCH ? SYSTEM_BRANCH_WARNING : null;
}

export function deleteLabels(target: DeleteTarget): DeleteLabels {
  switch (target.kind) {
    case 'object':
      return { title: 'Delete object', question: `Are you sure you wish to delete object "${target.path}"?` };
    case 'branch':
      return { title: 'Delete Branch', question: `Are you sure you wish to delete branch ${target.id}?` };
    case 'tag':
      return { title: 'Delete Tag', question: `Are you sure you wish to delete tag ${target.id}?` };
  }
}

export const confirmDeleteMachine = setup({
  types: {
    input: {} as ConfirmDeleteInput,
    context: {} as ConfirmDeleteContext,
    events: {} as ConfirmDeleteEvent,
    output: {} as ConfirmDeleteOutput,
  },
  actors: {
    /** Deletes the target. */
    remove: promisePlaceholder<void, DeleteTarget>('remove'),
  },
}).createMachine({
  id: 'confirmDelete',
  context: ({ input }) => ({
    target: input.target,
    ...deleteLabels(input.target),
    warning: deleteWarning(input.target),
    error: null,
    deleted: false,
  }),
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
        src: 'remove',
        input: ({ context }) => context.target,
        onDone: { target: 'deleted', actions: assign({ deleted: true }) },
        onError: { target: 'confirming', actions: assign({ error: ({ event }: { event: ErrorActorEvent }) => event.error }) },
      },
    },
    deleted: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => ({ deleted: context.deleted }),
});

export type ConfirmDeleteActorRef = ActorRefFrom<typeof confirmDeleteMachine>;
export type ConfirmDeleteSnapshot = SnapshotFrom<typeof confirmDeleteMachine>;
