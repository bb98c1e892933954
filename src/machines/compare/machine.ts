// The compare screen (docs/behaviour.md, Compare and merge): the tree of changes between the base ref and the compared one,
// and the merge of the compared branch into the base, all started from what the route loaded. A merge and the
// refresh button make the route load again.
import { setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Diff, Page } from '../../api/types';
import { diffTreeMachine } from '../diff-tree/machine';
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

export type CompareEvent = { type: 'compare.refresh' };

export const compareMachine = setup({
  types: {
    input: {} as CompareInput,
    context: {} as CompareInput,
    events: {} as CompareEvent,
    children: {} as { tree: 'tree'; merge: 'merge' },
  },
  actors: {
    tree: diffTreeMachine,
    merge: mergeMachine,
  },
  actions: {
    /** Loads the page again (provided by the route). */
    refresh: () => {
      throw new Error('action refresh was not provided');
    },
  },
}).createMachine({
  id: 'compare',
  context: ({ input }) => input,
  invoke: [
    { id: 'tree', src: 'tree', input: ({ context }) => ({ prefix: context.prefix, firstPage: context.firstPage }) },
    {
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
  ],
  on: {
    'compare.refresh': { actions: 'refresh' },
  },
});

export type CompareActorRef = ActorRefFrom<typeof compareMachine>;
export type CompareSnapshot = SnapshotFrom<typeof compareMachine>;
