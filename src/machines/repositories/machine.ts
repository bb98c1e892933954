// The repositories screen (docs/behaviour.md, Repositories): it runs the sample-repository flow for the
// page's life and a create-repository flow while the dialog is open, and opens whatever repository either makes.
// The listing itself is a paged list the route starts from its loader's first page.
import { assertEvent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Repository, StorageConfig } from '../../api/types';
import { screenActions, type Navigation } from '../../lib/screen';
import { createRepositoryMachine } from '../create-repository/machine';
import { sampleRepositoryMachine } from '../sample-repository/machine';

export type RepositoriesEvent =
  /** Opens the create dialog; `storage` is the server's storage configuration as the page knows it now. */
  | { type: 'create.open'; storage?: StorageConfig }
  | { type: 'create.close' };

/** A repository just made, opened. */
const repositoryAt = (repository: Repository): Navigation => ({ to: '/repositories/$repoId', params: { repoId: repository.id } });

export const repositoriesMachine = setup({
  types: {
    events: {} as RepositoriesEvent,
  },
  actors: {
    sample: sampleRepositoryMachine,
    create: createRepositoryMachine,
  },
  actions: {
    ...screenActions,
  },
}).createMachine({
  id: 'repositories',
  invoke: {
    id: 'sample',
    src: 'sample',
    onDone: { actions: { type: 'navigate', params: ({ event }) => repositoryAt(event.output) } },
  },
  initial: 'browsing',
  states: {
    browsing: {
      on: { 'create.open': 'creating' },
    },
    // Each opening starts a fresh form; closing the dialog stops it.
    creating: {
      invoke: {
        id: 'create',
        src: 'create',
        input: ({ event }) => {
          assertEvent(event, 'create.open');
          return { storage: event.storage };
        },
        onDone: { target: 'browsing', actions: { type: 'navigate', params: ({ event }) => repositoryAt(event.output) } },
      },
      on: { 'create.close': 'browsing' },
    },
  },
});

export type RepositoriesActorRef = ActorRefFrom<typeof repositoriesMachine>;
export type RepositoriesSnapshot = SnapshotFrom<typeof repositoriesMachine>;
