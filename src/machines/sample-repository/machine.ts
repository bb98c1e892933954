// The welcome card's sample repository (docs/behaviour.md, Repositories): one click creates quickstart on main with the server's
// sample data, under the default namespace prefix. A failure is shown on the card and can be tried again.
import { assertEvent, assign, setup, type ActorRefFrom, type ErrorActorEvent } from 'xstate';
import type { Repository, RepositoryCreation, StorageConfig } from '../../api/types';
import { promisePlaceholder } from '../../lib/actor-placeholders';
import { sampleRepository } from '../../lib/repository-rules';

export interface SampleRepositoryContext {
  error: unknown;
  created: Repository | null;
}

/** `storage` is the server's storage configuration as the page knows it when the user asks. */
export type SampleRepositoryEvent = { type: 'sample.create'; storage?: StorageConfig };

export const sampleRepositoryMachine = setup({
  types: {
    context: {} as SampleRepositoryContext,
    events: {} as SampleRepositoryEvent,
    output: {} as Repository,
  },
  actors: {
    createRepository: promisePlaceholder<Repository, RepositoryCreation>('createRepository'),
  },
  actions: {
    setError: assign((_, error: unknown) => ({ error })),
    clearError: assign({ error: null }),
    setCreated: assign((_, created: Repository) => ({ created })),
  },
}).createMachine({
  id: 'sampleRepository',
  context: { error: null, created: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'sample.create': 'creating' },
    },
    creating: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        src: 'createRepository',
        input: ({ event }) => {
          assertEvent(event, 'sample.create');
          return sampleRepository(event.storage);
        },
        onDone: { target: 'created', actions: { type: 'setCreated', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    failed: {
      on: { 'sample.create': 'creating' },
    },
    created: { type: 'final' },
  },
  output: ({ context }) => context.created as Repository,
});

export type SampleRepositoryActorRef = ActorRefFrom<typeof sampleRepositoryMachine>;
