// Opening a pull request: a title (required) and a description, for the two branches the page compares. The form
// outlives a change of branches (the page reads the new comparison; the title typed stays), so each submit names
// the branches it is for. Create waits for a title, two different branches and a change between them; the server's
// refusal stays on the form. The flow ends by announcing the new pull request's id.
import { assertEvent, assign, setup, type ActorRefFrom, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import type { PullRequestCreation } from '../../api/types';
import { promisePlaceholder } from '../../lib/actor-placeholders';
import { screenActions } from '../../lib/screen';

export interface CreatePullRequestInput {
  repoId: string;
}

/** The comparison a pull request would be opened for, as the page has it. */
export interface PullRequestBranches {
  /** The branch merged into. */
  destination: string;
  /** The branch merged from; undefined until one is chosen. */
  source: string | undefined;
  /** Both refs are branches (a tag or a commit cannot be merged into or from). */
  bothBranches: boolean;
  /** The source has changes against the destination. */
  hasChanges: boolean;
}

export interface CreatePullRequestContext extends CreatePullRequestInput {
  title: string;
  description: string;
  error: unknown;
}

export type CreatePullRequestEvent =
  | { type: 'title.change'; value: string }
  | { type: 'description.change'; value: string }
  | ({ type: 'create.submit' } & PullRequestBranches);

export interface CreatePullRequestCall {
  repoId: string;
  creation: PullRequestCreation;
}

/** Why Create cannot run yet, or null when it can: the view shows the reason beside the disabled button. */
export function createBlocker(title: string, branches: PullRequestBranches): string | null {
  if (branches.source === undefined) return 'Choose the branch to merge from.';
  if (!branches.bothBranches) return 'A pull request merges one branch into another: choose two branches.';
  if (branches.source === branches.destination) return 'The two sides are the same branch: choose a different one to merge from.';
  if (!branches.hasChanges) return `${branches.source} has no changes against ${branches.destination}: there is nothing to merge.`;
  if (title.trim() === '') return 'Give the pull request a title.';
  return null;
}

export const createPullRequestMachine = setup({
  types: {
    input: {} as CreatePullRequestInput,
    context: {} as CreatePullRequestContext,
    events: {} as CreatePullRequestEvent,
  },
  actors: {
    createPullRequest: promisePlaceholder<string, CreatePullRequestCall>('createPullRequest'),
  },
  actions: {
    ...screenActions,
  },
  guards: {
    canCreate: ({ context }, branches: PullRequestBranches) => createBlocker(context.title, branches) === null,
  },
}).createMachine({
  id: 'createPullRequest',
  context: ({ input }) => ({ ...input, title: '', description: '', error: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'title.change': { actions: assign({ title: ({ event }) => event.value }) },
        'description.change': { actions: assign({ description: ({ event }) => event.value }) },
        'create.submit': { guard: { type: 'canCreate', params: ({ event }) => event }, target: 'creating' },
      },
    },
    creating: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        src: 'createPullRequest',
        input: ({ context, event }) => {
          assertEvent(event, 'create.submit');
          return {
            repoId: context.repoId,
            creation: {
              title: context.title.trim(),
              description: context.description,
              // Entered only through canCreate, which needs a source.
              source_branch: event.source ?? '',
              destination_branch: event.destination,
            },
          };
        },
        // The new pull request is shown.
        onDone: {
          target: 'created',
          actions: {
            type: 'navigate',
            params: ({ context, event }) => ({ to: '/repositories/$repoId/pulls/$pullId', params: { repoId: context.repoId, pullId: event.output } }),
          },
        },
        onError: { target: 'editing', actions: assign({ error: ({ event }: { event: ErrorActorEvent }) => event.error }) },
      },
    },
    created: { type: 'final' },
  },
});

export type CreatePullRequestActorRef = ActorRefFrom<typeof createPullRequestMachine>;
export type CreatePullRequestSnapshot = SnapshotFrom<typeof createPullRequestMachine>;
