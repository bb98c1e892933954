// The compare screen (docs/behaviour.md, Compare and merge): the tree of changes between the base ref and the compared one,
// and the merge of the compared branch into the base, all started from what the route loaded. A merge and the
// refresh button make the route load again; what it loaded then goes to the tree (the same tree, told its new
// source), and the merge starts over for the refs as they now are.
import { enqueueActions, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { DiffSource } from '../../api/diff';
import type { Diff, Page } from '../../api/types';
import { screenActions, type RouteChanged } from '../../lib/screen';
import { diffTreeMachine, treeRouteChanged } from '../diff-tree/machine';
import { mergeMachine } from '../merge/machine';

export interface CompareInput {
  repoId: string;
  /** The base ref (the merge's destination). */
  base: string;
  /** The ref compared to it (the merge's source). */
  compare: string;
  readOnly: boolean;
  /** Whether the compared ref has any change against the base (under any prefix). */
  hasChanges: boolean;
  prefix: string;
  /** The first page of the changes directly under `prefix`. */
  firstPage: Page<Diff>;
}

export type CompareEvent = { type: 'compare.refresh' } | RouteChanged<CompareInput>;

/** The merge flow of the compare screen: it tells the screen when the merge is done. */
export const compareMergeMachine = mergeMachine.provide({
  actions: { merged: sendParent({ type: 'compare.refresh' } satisfies CompareEvent) },
});

const treeSource = (context: CompareInput): DiffSource => ({ repoId: context.repoId, left: context.base, right: context.compare });

export const compareMachine = setup({
  types: {
    input: {} as CompareInput,
    context: {} as CompareInput,
    events: {} as CompareEvent,
    children: {} as { tree: 'tree'; merge: 'merge' },
  },
  actors: {
    tree: diffTreeMachine,
    merge: compareMergeMachine,
  },
  actions: {
    ...screenActions,
  },
}).createMachine({
  id: 'compare',
  context: ({ input }) => input,
  invoke: {
    id: 'tree',
    src: 'tree',
    input: ({ context }) => ({ source: treeSource(context), prefix: context.prefix, firstPage: context.firstPage }),
  },
  on: {
    'compare.refresh': { actions: 'invalidate' },
  },
  initial: 'shown',
  states: {
    shown: {
      invoke: {
        id: 'merge',
        src: 'merge',
        input: ({ context: { repoId, base, compare, readOnly, hasChanges } }) => ({
          repoId,
          source: compare,
          dest: base,
          readOnly,
          hasChanges,
        }),
      },
      on: {
        // The route read again (a merge, a refresh, other refs or another folder).
        'route.changed': {
          target: 'shown',
          reenter: true,
          actions: enqueueActions(({ event, enqueue }) => {
            enqueue.assign(event.input);
            enqueue.sendTo('tree', treeRouteChanged(treeSource(event.input), event.input));
          }),
        },
      },
    },
  },
});

export type CompareActorRef = ActorRefFrom<typeof compareMachine>;
export type CompareSnapshot = SnapshotFrom<typeof compareMachine>;
