// Committing a branch's uncommitted changes (docs/behaviour.md, Uncommitted changes): a dialog with a message and metadata.
// The console asks for a message (lakeFS's API accepts none, and Tarn's server still does) and suggests one from the
// changes; a commit leaves its receipt, the commit made, for the page to link.
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

/** What the suggested message is read from. */
export interface SuggestionRequest {
  repoId: string;
  branch: string;
}

export interface CommitContext extends CommitInput {
  message: string;
  /** A message made from the changes ("Update 2 files in data/"), once read; null until then or if none. */
  suggestion: string | null;
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
  | { type: 'message.useSuggestion' }
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
    suggest: promisePlaceholder<string | null, SuggestionRequest>('suggest'),
  },
  guards: {
    canCommit: ({ context }) => context.hasChanges && !context.readOnly,
    messageMissing: ({ context }) => context.message.trim() === '',
    metadataValid: ({ context }) => Object.keys(metadataErrors(context.metadata)).length === 0,
  },
  actions: {
    editMetadata: assign(({ context }, event: MetadataEvent) => editMetadata(context, event)),
    resetForm: assign({ message: '', suggestion: null, metadata: [], showMetadataErrors: false, error: null }),
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
    suggestion: null,
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
      // A suggestion that cannot be read leaves the field as it is: the user types a message.
      invoke: {
        src: 'suggest',
        input: ({ context }) => ({ repoId: context.repoId, branch: context.branch }),
        onDone: { actions: assign({ suggestion: ({ event }) => event.output }) },
        onError: { actions: assign({ suggestion: null }) },
      },
      on: {
        'commit.cancel': 'closed',
        'message.change': { actions: assign({ message: ({ event }) => event.value }) },
        'message.useSuggestion': {
          guard: ({ context }) => context.suggestion !== null,
          actions: assign({ message: ({ context }) => context.suggestion ?? '' }),
        },
        'metadata.add': { actions: { type: 'editMetadata', params: ({ event }) => event } },
        'metadata.remove': { actions: { type: 'editMetadata', params: ({ event }) => event } },
        'metadata.change': { actions: { type: 'editMetadata', params: ({ event }) => event } },
        'commit.submit': [
          // Commit stays disabled until a message is typed (`can` answers false for this branch).
          { guard: 'messageMissing' },
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
