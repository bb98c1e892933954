// Committing a branch's uncommitted changes (docs/behaviour.md, Uncommitted changes): a dialog with a message and metadata.
import { assign, setup, type ActorRefFrom } from 'xstate';
import type { Commit } from '../../api/types';
import { promisePlaceholder } from '../../lib/actor-placeholders';
import { editMetadata, metadataErrors, metadataRecord, type MetadataEvent, type MetadataRow } from './metadata';

/** The branch and what the page knows of it when it loaded; a commit makes the page load again. */
export interface CommitInput {
  repoId: string;
  branch: string;
  readOnly: boolean;
  hasChanges: boolean;
}

export interface CommitRequest {
  repoId: string;
  branch: string;
  message: string;
  metadata: Record<string, string>;
}

export interface CommitContext extends CommitInput {
  message: string;
  metadata: MetadataRow[];
  nextRowId: number;
  /** Metadata errors are shown once the user has tried to submit them. */
  showMetadataErrors: boolean;
  error: unknown;
  lastCommit: Commit | null;
}

export type CommitEvent =
  | { type: 'commit.open' }
  | { type: 'commit.cancel' }
  | { type: 'message.change'; value: string }
  | MetadataEvent
  | { type: 'commit.submit' };

export const commitMachine = setup({
  types: {
    input: {} as CommitInput,
    context: {} as CommitContext,
    events: {} as CommitEvent,
  },
  actors: {
    commit: promisePlaceholder<Commit, CommitRequest>('commit'),
  },
  guards: {
    canCommit: ({ context }) => context.hasChanges && !context.readOnly,
    metadataValid: ({ context }) => Object.keys(metadataErrors(context.metadata)).length === 0,
  },
  actions: {
    editMetadata: assign(({ context }, event: MetadataEvent) => editMetadata(context, event)),
    resetForm: assign({ message: '', metadata: [], showMetadataErrors: false, error: null }),
    /** The branch moved: whatever shows it reloads (provided by the route). */
    committed: (_, _commit: Commit) => {
      throw new Error('action committed was not provided');
    },
  },
}).createMachine({
  id: 'commit',
  context: ({ input }) => ({
    ...input,
    message: '',
    metadata: [],
    nextRowId: 1,
    showMetadataErrors: false,
    error: null,
    lastCommit: null,
  }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        'commit.open': { guard: 'canCommit', target: 'editing', actions: 'resetForm' },
      },
    },
    editing: {
      on: {
        'commit.cancel': 'closed',
        'message.change': { actions: assign({ message: ({ event }) => event.value }) },
        'metadata.add': { actions: { type: 'editMetadata', params: ({ event }) => event } },
        'metadata.remove': { actions: { type: 'editMetadata', params: ({ event }) => event } },
        'metadata.change': { actions: { type: 'editMetadata', params: ({ event }) => event } },
        'commit.submit': [
          { guard: 'metadataValid', target: 'committing' },
          { actions: assign({ showMetadataErrors: true }) },
        ],
      },
    },
    committing: {
      tags: ['busy'],
      invoke: {
        src: 'commit',
        input: ({ context }) => ({
          repoId: context.repoId,
          branch: context.branch,
          message: context.message,
          metadata: metadataRecord(context.metadata),
        }),
        onDone: {
          target: 'closed',
          actions: [
            assign({ lastCommit: ({ event }) => event.output, hasChanges: false }),
            { type: 'committed', params: ({ event }) => event.output },
          ],
        },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
  },
});

export type CommitActorRef = ActorRefFrom<typeof commitMachine>;
