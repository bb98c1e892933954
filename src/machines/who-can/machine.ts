// "Who can do this?" (Tarn's own): the users and groups whose effective policies allow reading and writing a
// repository's objects, or one object, by the same evaluator that enforces them (GET /auth/who-can).
import { assign, setup, type ActorRefFrom, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import type { Principals } from '../../api/types';
import { promisePlaceholder } from '../../lib/actor-placeholders';
import { arn } from '../../lib/permission-names';

export interface WhoCanInput {
  repoId: string;
  /** One object's path; absent: every object of the repository. */
  path?: string;
}

export interface WhoCanAnswer {
  read: Principals;
  write: Principals;
}

export interface WhoCanContext extends WhoCanInput {
  answer: WhoCanAnswer | null;
  error: unknown;
}

export type WhoCanEvent = { type: 'whoCan.open' } | { type: 'whoCan.close' };

/** The resource asked about: the object, or every object of the repository. */
export const whoCanResource = ({ repoId, path }: WhoCanInput): string => arn.object(repoId, path ?? '*');

export const READ_ACTION = 'fs:ReadObject';
export const WRITE_ACTION = 'fs:WriteObject';

export const whoCanMachine = setup({
  types: {
    input: {} as WhoCanInput,
    context: {} as WhoCanContext,
    events: {} as WhoCanEvent,
  },
  actors: {
    ask: promisePlaceholder<WhoCanAnswer, { resource: string }>('ask'),
  },
}).createMachine({
  id: 'whoCan',
  context: ({ input }) => ({ ...input, answer: null, error: undefined }),
  initial: 'closed',
  states: {
    closed: {
      on: { 'whoCan.open': 'loading' },
    },
    loading: {
      tags: ['busy'],
      on: { 'whoCan.close': 'closed' },
      invoke: {
        src: 'ask',
        input: ({ context }) => ({ resource: whoCanResource(context) }),
        onDone: { target: 'answered', actions: assign({ answer: ({ event }) => event.output, error: undefined }) },
        onError: { target: 'answered', actions: assign({ answer: null, error: ({ event }: { event: ErrorActorEvent }) => event.error }) },
      },
    },
    answered: {
      on: { 'whoCan.close': 'closed', 'whoCan.open': 'loading' },
    },
  },
});

export type WhoCanActorRef = ActorRefFrom<typeof whoCanMachine>;
export type WhoCanSnapshot = SnapshotFrom<typeof whoCanMachine>;
