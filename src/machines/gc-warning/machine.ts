// The garbage-collection warning of the objects page (see docs/behaviour.md, Objects page): shown for a repository
// it applies to (s3 or http storage, older than GC_WARNING_AGE_DAYS) that has no GC rules, unless the user
// dismissed it for that repository. The rules are read only when the warning could apply; a failed read shows
// nothing rather than a false alarm.
import { setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { actionPlaceholder, promisePlaceholder } from '../../lib/actor-placeholders';
import { gcWarningApplies } from './rules';

export interface GcWarningInput {
  repoId: string;
  storageNamespace: string;
  /** The repository's creation, in Unix seconds. */
  creationDate: number;
  /** Now, in Unix seconds (the clock's, unless a test sets it). */
  now?: number;
}

export type GcWarningContext = Required<GcWarningInput>;

export type GcWarningEvent = { type: 'gc.dismiss' };

export const gcWarningMachine = setup({
  types: {
    input: {} as GcWarningInput,
    context: {} as GcWarningContext,
    events: {} as GcWarningEvent,
  },
  actors: {
    hasGcRules: promisePlaceholder<boolean, { repoId: string }>('hasGcRules'),
  },
  actions: {
    /** Remembers the dismissal for the repository (local storage in the browser). */
    rememberDismissal: actionPlaceholder<{ repoId: string }>('rememberDismissal'),
  },
  guards: {
    applies: ({ context }) => gcWarningApplies(context),
    /** Whether the user dismissed the warning for this repository before (local storage in the browser). */
    dismissed: (_, _params: { repoId: string }): boolean => {
      throw new Error('guard dismissed was not provided');
    },
    hasRules: (_, hasRules: boolean) => hasRules,
  },
}).createMachine({
  id: 'gcWarning',
  context: ({ input }) => ({ ...input, now: input.now ?? Date.now() / 1000 }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: { type: 'dismissed', params: ({ context }) => ({ repoId: context.repoId }) }, target: 'hidden' },
        { guard: 'applies', target: 'checking' },
        { target: 'hidden' },
      ],
    },
    checking: {
      invoke: {
        src: 'hasGcRules',
        input: ({ context }) => ({ repoId: context.repoId }),
        onDone: [{ guard: { type: 'hasRules', params: ({ event }) => event.output }, target: 'hidden' }, { target: 'shown' }],
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
