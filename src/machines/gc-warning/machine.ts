// The garbage-collection warning of the objects page (spec 1 §9): shown for a repository the warning applies to
// (s3/http storage, older than 14 days) that has no GC rules, unless the user dismissed it for that repository.
// The rules are read only when the warning could apply; a failed read shows nothing rather than a false alarm.
import { setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { promisePlaceholder } from '../../lib/actors';

export interface GcWarningInput {
  repoId: string;
  /** From the repository's storage and age (see `gcWarningApplies`). */
  applies: boolean;
  dismissed: boolean;
}

export type GcWarningEvent = { type: 'gc.dismiss' };

export const gcWarningMachine = setup({
  types: {
    input: {} as GcWarningInput,
    context: {} as GcWarningInput,
    events: {} as GcWarningEvent,
  },
  actors: {
    hasGcRules: promisePlaceholder<boolean, { repoId: string }>('hasGcRules'),
  },
  actions: {
    /** Remembers the dismissal for the repository (local storage in the browser). */
    rememberDismissal: (_, _params: { repoId: string }) => {
      throw new Error('action rememberDismissal was not provided');
    },
  },
  guards: {
    irrelevant: ({ context }) => !context.applies || context.dismissed,
  },
}).createMachine({
  id: 'gcWarning',
  context: ({ input }) => input,
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'irrelevant', target: 'hidden' }, { target: 'checking' }],
    },
    checking: {
      invoke: {
        src: 'hasGcRules',
        input: ({ context }) => ({ repoId: context.repoId }),
        onDone: [{ guard: ({ event }) => event.output, target: 'hidden' }, { target: 'shown' }],
        onError: 'hidden',
      },
    },
    shown: {
      on: {
        'gc.dismiss': {
          target: 'hidden',
          actions: { type: 'rememberDismissal', params: ({ context }) => ({ repoId: context.repoId }) },
        },
      },
    },
    hidden: {},
  },
});

export type GcWarningActorRef = ActorRefFrom<typeof gcWarningMachine>;
export type GcWarningSnapshot = SnapshotFrom<typeof gcWarningMachine>;
