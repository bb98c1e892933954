// The Branches and Tags screens (docs/behaviour.md, Branches and tags): the listing is a paged list the route starts from its loader's first
// page; this machine runs the create dialog while it is open and one delete at a time, and when either changes the
// repository's refs, the page loads again. The default branch is never offered for deletion. A change of the route
// (another repository, its flag or default branch read again) is taken as it comes; an open dialog keeps its form.
// A read-only repository takes no new branch or tag: Create is disabled, saying why. The ref created last stays as
// the screen's receipt, linking it, until dismissed. The Branches screen also runs, for the screen's life, the
// summaries of the listed branches (ahead, behind, merged, last commit), which follow the listing and load after it.
import { assertEvent, assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { screenActions, type RouteChanged } from '../../lib/screen';
import { createRefMachine, type CreatedRef, type CreatedRefKind } from '../create-ref/machine';
import { confirmDeleteMachine, type ConfirmDeleteOutput } from '../confirm-delete/machine';
import { branchSummariesMachine, type BranchListActorRef, type BranchSummariesActorRef } from '../branch-summaries/machine';

export interface RefsPageInput {
  repoId: string;
  kind: CreatedRefKind;
  readOnly: boolean;
  defaultBranch: string;
  /** The screen's listing; on the Branches screen, what the summaries follow. */
  list: BranchListActorRef;
}

/** Why Create is disabled on a read-only repository. */
export function createRefusedReadOnly(kind: CreatedRefKind): string {
  return `This repository is read-only: ${kind === 'branch' ? 'branches' : 'tags'} cannot be created.`;
}

export interface RefsPageContext extends RefsPageInput {
  /** The ref created last on this screen. */
  receipt: CreatedRef | null;
  /** The listed branches' summaries (the Branches screen only). */
  summaries: BranchSummariesActorRef | null;
}

export type RefsPageEvent =
  | { type: 'create.open' }
  | { type: 'receipt.dismiss' }
  | { type: 'create.close' }
  | { type: 'delete.request'; id: string }
  | RouteChanged<RefsPageInput>;

export const refsPageMachine = setup({
  types: {
    input: {} as RefsPageInput,
    context: {} as RefsPageContext,
    events: {} as RefsPageEvent,
    children: {} as { create: 'create'; delete: 'delete'; summaries: 'summaries' },
  },
  actors: {
    create: createRefMachine,
    delete: confirmDeleteMachine,
    summaries: branchSummariesMachine,
  },
  actions: {
    ...screenActions,
    takeRoute: assign((_, input: RefsPageInput) => input),
    keepReceipt: assign((_, receipt: CreatedRef) => ({ receipt })),
  },
  guards: {
    writable: ({ context }) => !context.readOnly,
    deletable: ({ context }, id: string) => context.kind === 'tag' || id !== context.defaultBranch,
    deleted: (_, output: ConfirmDeleteOutput) => output.deleted,
  },
}).createMachine({
  id: 'refsPage',
  context: ({ input, spawn }) => ({
    ...input,
    receipt: null,
    summaries: input.kind === 'branch' ? spawn('summaries', { id: 'summaries', input: { list: input.list } }) : null,
  }),
  on: {
    'route.changed': { actions: { type: 'takeRoute', params: ({ event }) => event.input } },
    'receipt.dismiss': { actions: assign({ receipt: null }) },
  },
  initial: 'browsing',
  states: {
    browsing: {
      on: {
        'create.open': { guard: 'writable', target: 'creating' },
        'delete.request': { guard: { type: 'deletable', params: ({ event }) => event.id }, target: 'deleting' },
      },
    },
    // Each opening starts a fresh form; closing the dialog stops it.
    creating: {
      invoke: {
        id: 'create',
        src: 'create',
        input: ({ context }) => ({
          repoId: context.repoId,
          kind: context.kind,
          readOnly: context.readOnly,
          // A branch starts from the default branch; a tag's source is chosen ('Select Source').
          source: context.kind === 'branch' ? { id: context.defaultBranch, kind: 'branch' as const } : null,
        }),
        onDone: { target: 'browsing', actions: [{ type: 'keepReceipt', params: ({ event }) => event.output }, 'invalidate'] },
      },
      on: { 'create.close': 'browsing' },
    },
    deleting: {
      invoke: {
        id: 'delete',
        src: 'delete',
        input: ({ context, event }) => {
          assertEvent(event, 'delete.request');
          return { target: { kind: context.kind, repoId: context.repoId, id: event.id } };
        },
        onDone: [
          { guard: { type: 'deleted', params: ({ event }) => event.output }, target: 'browsing', actions: 'invalidate' },
          { target: 'browsing' },
        ],
      },
    },
  },
});

export type RefsPageActorRef = ActorRefFrom<typeof refsPageMachine>;
export type RefsPageSnapshot = SnapshotFrom<typeof refsPageMachine>;
