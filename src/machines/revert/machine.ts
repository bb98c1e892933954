// Reverting uncommitted changes (docs/behaviour.md, Uncommitted changes): everything (reset), or one entry by its type and path, after the user
// confirms.
import { assign, setup, type ActorRefFrom } from 'xstate';
import { promisePlaceholder } from '../../lib/actor-placeholders';

export type RevertTarget = { type: 'reset' } | { type: 'object' | 'common_prefix'; path: string };

export interface RevertInput {
  repoId: string;
  branch: string;
  readOnly: boolean;
  hasChanges: boolean;
}

export interface RevertRequest {
  repoId: string;
  branch: string;
  target: RevertTarget;
}

export interface RevertContext extends RevertInput {
  target: RevertTarget | null;
  error: unknown;
}

export type RevertEvent =
  | { type: 'revert.request'; target: RevertTarget }
  | { type: 'revert.confirm' }
  | { type: 'revert.cancel' };

export const revertMachine = setup({
  types: {
    input: {} as RevertInput,
    context: {} as RevertContext,
    events: {} as RevertEvent,
  },
  actors: {
    reset: promisePlaceholder<void, RevertRequest>('reset'),
  },
  actions: {
    /** The branch's changes moved: whatever shows them reloads (provided by the route). */
    reverted: (_, _target: RevertTarget) => {
      throw new Error('action reverted was not provided');
    },
  },
  guards: {
    canRevert: ({ context }) => context.hasChanges && !context.readOnly,
  },
}).createMachine({
  id: 'revert',
  context: ({ input }) => ({ ...input, target: null, error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'revert.request': {
          guard: 'canRevert',
          target: 'confirming',
          actions: assign({ target: ({ event }) => event.target, error: null }),
        },
      },
    },
    confirming: {
      on: {
        'revert.confirm': 'reverting',
        'revert.cancel': { target: 'idle', actions: assign({ target: null, error: null }) },
      },
    },
    reverting: {
      tags: ['busy'],
      invoke: {
        src: 'reset',
        input: ({ context }) => ({
          repoId: context.repoId,
          branch: context.branch,
          // Entered only from confirming, which always holds a target.
          target: context.target ?? { type: 'reset' },
        }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'reverted', params: ({ context }) => context.target ?? { type: 'reset' } },
            assign({ target: null }),
          ],
        },
        onError: { target: 'confirming', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
  },
});

export type RevertActorRef = ActorRefFrom<typeof revertMachine>;
