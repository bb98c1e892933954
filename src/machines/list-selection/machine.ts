// The Users, Groups and Policies lists (docs/behaviour.md, Access control): rows are selected with their checkboxes and
// 'Delete Selected' deletes them after one confirmation, one call per id; rows that could not be deleted stay
// selected, with their reasons. The Users and Groups lists also run their create dialog here. A protected row
// (the signed-in user's own) is never selected. Every change reads the route's data again, and the session the
// user's effective policies (the change may have been to the user's own).
import { assign, fromPromise, sendTo, setup, type ActorRefFrom, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import { promisePlaceholder } from '../../lib/actor-placeholders';
import { errorMessage } from '../../lib/error-message';
import { screenActions } from '../../lib/screen';
import { createPrincipalMachine, type PrincipalKind } from '../create-principal/machine';
import type { SessionActorRef } from '../session/machine';
import { toggled, type Selection } from './selection';

export interface ListSelectionInput {
  session: SessionActorRef;
  /** Rows that are never selected (the signed-in user's own row in Users). */
  protectedIds?: string[];
}

export interface DeleteFailure {
  id: string;
  message: string;
}

export interface DeleteOutcome {
  failures: DeleteFailure[];
}

export interface ListSelectionContext {
  session: SessionActorRef;
  protectedIds: string[];
  selected: Selection;
  failures: DeleteFailure[];
  error: unknown;
}

export type ListSelectionEvent =
  | { type: 'select.toggle'; id: string }
  | { type: 'delete.request' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'failures.dismiss' }
  | { type: 'create.open'; kind: PrincipalKind }
  | { type: 'create.close' };

/** The deletion actor from a call that deletes one id: every id is tried, and each failure is kept with its reason. */
export function deleteEach(remove: (id: string) => Promise<void>) {
  return fromPromise<DeleteOutcome, { ids: string[] }>(async ({ input }) => {
    const failures: DeleteFailure[] = [];
    for (const id of input.ids) {
      try {
        await remove(id);
      } catch (error) {
        failures.push({ id, message: errorMessage(error) });
      }
    }
    return { failures };
  });
}

export const listSelectionMachine = setup({
  types: {
    input: {} as ListSelectionInput,
    context: {} as ListSelectionContext,
    events: {} as ListSelectionEvent,
    children: {} as { create: 'create' },
  },
  actors: {
    deleteSelected: promisePlaceholder<DeleteOutcome, { ids: string[] }>('deleteSelected'),
    create: createPrincipalMachine,
  },
  actions: {
    ...screenActions,
    reloadPermissions: sendTo(({ context }) => context.session, { type: 'permissions.reload' as const }),
  },
  guards: {
    selectable: ({ context }, id: string) => !context.protectedIds.includes(id),
    hasSelection: ({ context }) => context.selected.length > 0,
    allDeleted: (_, outcome: DeleteOutcome) => outcome.failures.length === 0,
    created: (_, output: { created: boolean }) => output.created,
  },
}).createMachine({
  id: 'listSelection',
  context: ({ input }) => ({ session: input.session, protectedIds: input.protectedIds ?? [], selected: [], failures: [], error: undefined }),
  initial: 'browsing',
  states: {
    browsing: {
      on: {
        'select.toggle': {
          guard: { type: 'selectable', params: ({ event }) => event.id },
          actions: assign({ selected: ({ context, event }) => toggled(context.selected, event.id) }),
        },
        'delete.request': { guard: 'hasSelection', target: 'confirming' },
        'create.open': 'creating',
      },
    },
    confirming: {
      on: { 'delete.confirm': 'deleting', 'delete.cancel': 'browsing' },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        src: 'deleteSelected',
        input: ({ context }) => ({ ids: [...context.selected] }),
        onDone: [
          {
            guard: { type: 'allDeleted', params: ({ event }) => event.output },
            target: 'browsing',
            actions: [assign({ selected: [], failures: [] }), 'invalidate', 'reloadPermissions'],
          },
          {
            target: 'failed',
            actions: [
              assign({
                failures: ({ event }) => event.output.failures,
                selected: ({ event }) => event.output.failures.map((f) => f.id),
              }),
              'invalidate',
              'reloadPermissions',
            ],
          },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }: { event: ErrorActorEvent }) => event.error }) },
      },
    },
    // The reasons are shown in an alert dialog (docs/behaviour.md, Access control) until dismissed.
    failed: {
      on: { 'failures.dismiss': { target: 'browsing', actions: assign({ failures: [], error: undefined }) } },
    },
    creating: {
      invoke: {
        id: 'create',
        src: 'create',
        input: ({ event }) => ({ kind: event.type === 'create.open' ? event.kind : 'user' }),
        onDone: [
          { guard: { type: 'created', params: ({ event }) => event.output }, target: 'browsing', actions: ['invalidate', 'reloadPermissions'] },
          { target: 'browsing' },
        ],
      },
      on: { 'create.close': 'browsing' },
    },
  },
});

export type ListSelectionActorRef = ActorRefFrom<typeof listSelectionMachine>;
export type ListSelectionSnapshot = SnapshotFrom<typeof listSelectionMachine>;
