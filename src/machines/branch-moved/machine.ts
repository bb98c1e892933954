// The notice of a listing whose branch moved on (docs/behaviour.md, Live): the page shows the branch at the commit
// it read, and when the live stream tells that the branch has a new head, the machine counts the commits between the
// two and the page shows "main moved: 3 new commits" with a button to refresh. The listing never jumps by itself.
import { assign, sendParent, setup, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from 'xstate';
import type { RepositoryEvent } from '../../api/types';
import { promisePlaceholder } from '../../lib/actor-placeholders';
import { repositoryChanges, type LiveUpdate } from '../repository-events/machine';

export interface BranchMovedInput {
  /** The tab's live stream (none: nothing is watched). */
  live: AnyActorRef | undefined;
  repoId: string;
  /** The branch shown (undefined for a tag or a commit, which never move). */
  branch: string | undefined;
  /** The commit the page shows. */
  commitId: string | undefined;
}

export interface NewCommits {
  count: number;
  /** More than `count` (the count stops at a page of the log). */
  capped: boolean;
}

export interface BranchMovedContext extends BranchMovedInput {
  /** The branch's newest head, as the stream told it. */
  head: string | undefined;
  newCommits: NewCommits | undefined;
}

export type BranchMovedEvent =
  | LiveUpdate
  /** The page shows another branch or commit (its route read again). */
  | { type: 'moved.watch'; input: BranchMovedInput }
  | { type: 'moved.refresh' };

/** What the parent hears when the user asks for the new head. */
export interface BranchMovedRefresh {
  type: 'page.refresh';
}

const movedHead = (context: BranchMovedContext, event: RepositoryEvent): string | undefined =>
  event.type === 'branch' && event.action === 'moved' && event.branch === context.branch && event.commit_id !== undefined && event.commit_id !== context.commitId
    ? event.commit_id
    : undefined;

export const branchMovedMachine = setup({
  types: {
    input: {} as BranchMovedInput,
    context: {} as BranchMovedContext,
    events: {} as BranchMovedEvent,
  },
  actors: {
    changes: repositoryChanges,
    countNewCommits: promisePlaceholder<NewCommits, { repoId: string; from: string; to: string }>('countNewCommits'),
  },
  guards: {
    moved: ({ context, event }) => event.type === 'live.changed' && movedHead(context, event.event) !== undefined,
  },
}).createMachine({
  id: 'branchMoved',
  context: ({ input }) => ({ ...input, head: undefined, newCommits: undefined }),
  invoke: { src: 'changes', input: ({ context }) => ({ live: context.live }) },
  on: {
    'moved.watch': { target: '.current', actions: assign(({ event }) => ({ ...event.input, head: undefined, newCommits: undefined })) },
    // A later move is counted afresh, from the page's commit to the newest head.
    'live.changed': {
      guard: 'moved',
      target: '.counting',
      reenter: true,
      actions: assign({ head: ({ context, event }) => movedHead(context, event.event) }),
    },
  },
  initial: 'current',
  states: {
    current: {},
    counting: {
      invoke: {
        src: 'countNewCommits',
        input: ({ context }) => ({ repoId: context.repoId, from: context.commitId ?? '', to: context.head ?? '' }),
        onDone: { target: 'moved', actions: assign({ newCommits: ({ event }) => event.output }) },
        // The notice still says the branch moved; how far is unknown.
        onError: { target: 'moved', actions: assign({ newCommits: undefined }) },
      },
    },
    moved: {
      on: { 'moved.refresh': { actions: sendParent({ type: 'page.refresh' } satisfies BranchMovedRefresh) } },
    },
  },
});

export type BranchMovedActorRef = ActorRefFrom<typeof branchMovedMachine>;
export type BranchMovedSnapshot = SnapshotFrom<typeof branchMovedMachine>;

/** The notice's words: "main moved: 3 new commits". */
export function movedNotice(context: Pick<BranchMovedContext, 'branch' | 'newCommits'>): string {
  const { branch, newCommits } = context;
  if (!newCommits) return `${branch ?? ''} moved`;
  const { count, capped } = newCommits;
  return `${branch ?? ''} moved: ${capped ? 'more than ' : ''}${count} new ${count === 1 && !capped ? 'commit' : 'commits'}`;
}
