// The blame dialog's read (docs/behaviour.md, Objects page): the last commit that changed an object or a prefix, found
// with GET commits filtered by that path, amount 1. No commit means an uncommitted change.
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Commit, PathType } from '../../api/types';
import { promisePlaceholder } from '../../lib/actor-placeholders';

export interface BlameTarget {
  path: string;
  pathType: PathType;
}

export interface BlameInput {
  repoId: string;
  refId: string;
  target: BlameTarget;
}

export interface BlameContext extends BlameInput {
  /** The last commit to change the target; undefined when none did (or not yet known). */
  commit: Commit | undefined;
  error: unknown;
}

export type BlameEvent = { type: 'blame.retry' };

export const blameMachine = setup({
  types: {
    input: {} as BlameInput,
    context: {} as BlameContext,
    events: {} as BlameEvent,
  },
  actors: {
    lastCommit: promisePlaceholder<Commit | undefined, BlameInput>('lastCommit'),
  },
}).createMachine({
  id: 'blame',
  context: ({ input }) => ({ ...input, commit: undefined, error: undefined }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'lastCommit',
        input: ({ context }) => ({ repoId: context.repoId, refId: context.refId, target: context.target }),
        onDone: { target: 'found', actions: assign({ commit: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    found: {},
    failed: {
      on: { 'blame.retry': { target: 'loading', actions: assign({ error: undefined }) } },
    },
  },
});

export type BlameActorRef = ActorRefFrom<typeof blameMachine>;
export type BlameSnapshot = SnapshotFrom<typeof blameMachine>;
