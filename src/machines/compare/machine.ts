// The compare screen (docs/behaviour.md, Compare and merge): what a merge of the compared ref into the base would
// bring — its commits, the count of its changes, and the changes themselves as one flat list of files or as a tree —
// and the merge, all started from what the route loaded. A merge and the refresh button make the route load again;
// what it loaded then goes to the list (the same actor, told its new source), and the merge, commits and counts
// start over for the refs as they now are. A merge leaves a receipt that outlives that reload and offers to delete
// the merged branch.
import { assign, enqueueActions, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { DiffSource } from '../../api/diff';
import { CONTENT_DIFF_CAP_BYTES, contentDiffOffered } from '../../lib/content-diff';
import type { Commit, Diff, MergeResult, Page } from '../../api/types';
import { screenActions, type RouteChanged } from '../../lib/screen';
import { changeSummaryMachine } from '../change-summary/machine';
import { confirmDeleteMachine, type ConfirmDeleteOutput } from '../confirm-delete/machine';
import { diffTreeMachine, treeRouteChanged } from '../diff-tree/machine';
import { mergeMachine } from '../merge/machine';
import { pagedListMachine } from '../paged-list/machine';

/** 'files': every changed object under the folder in one list; 'tree': a folder level at a time. */
export type CompareView = 'files' | 'tree';

export interface CompareInput {
  repoId: string;
  /** The base ref (the merge's destination). */
  base: string;
  /** The ref compared to it (the merge's source). */
  compare: string;
  readOnly: boolean;
  /** Whether the compared ref has any change against the base (under any prefix). */
  hasChanges: boolean;
  prefix: string;
  view: CompareView;
  /** The first page of the changes under `prefix`, as `view` lists them. */
  firstPage: Page<Diff>;
}

/** The two refs whose commits are listed: those of `compare` that `base` lacks. */
export interface CommitsSource {
  repoId: string;
  base: string;
  compare: string;
}

/** What a merge made: the merge commit on the base, and what became of the merged branch. */
export interface MergeReceipt {
  source: string;
  dest: string;
  commitId: string;
  /** 'kept' until the user deletes it; 'deleted' once the server has. */
  sourceBranch: 'kept' | 'deleted';
}

export interface CompareContext extends CompareInput {
  receipt: MergeReceipt | null;
}

export type CompareEvent =
  | { type: 'compare.refresh' }
  | { type: 'compare.merged'; source: string; dest: string; commitId: string }
  | { type: 'receipt.dismiss' }
  | { type: 'receipt.deleteSource' }
  | RouteChanged<CompareInput>;

/** The merge flow of the compare screen: it tells the screen what it merged. */
export const compareMergeMachine = mergeMachine.provide({
  actions: {
    merged: sendParent(({ context }, result: MergeResult) => ({
      type: 'compare.merged',
      source: context.source,
      dest: context.dest,
      commitId: result.reference,
    })),
  },
});

/** The list's source: the flat view lists every object under the folder at once. */
export const listSource = ({ repoId, base, compare, view }: CompareInput): DiffSource =>
  view === 'files' ? { repoId, left: base, right: compare, flat: true } : { repoId, left: base, right: compare };

/** Commits listed at a time: a merge usually brings a few, and the changes below them matter more. */
export const COMMITS_PAGE_SIZE = 20;

/** Text changes shown opened in the files view, as a pull request shows them; the rest open on a click. */
export const INLINE_DIFFS = 5;

/** The first text objects of the page whose line changes the files view shows without being asked. */
export function inlineDiffEntries({ view, firstPage }: Pick<CompareInput, 'view' | 'firstPage'>): Diff[] {
  if (view !== 'files') return [];
  const small = (entry: Diff) => entry.size_bytes === undefined || entry.size_bytes <= CONTENT_DIFF_CAP_BYTES;
  return firstPage.results.filter((entry) => contentDiffOffered(entry) && small(entry)).slice(0, INLINE_DIFFS);
}

const commitsSource = ({ repoId, base, compare }: CompareInput): CommitsSource => ({ repoId, base, compare });

export const compareMachine = setup({
  types: {
    input: {} as CompareInput,
    context: {} as CompareContext,
    events: {} as CompareEvent,
    children: {} as { tree: 'tree'; merge: 'merge'; commits: 'commits'; summary: 'summary'; deleteSource: 'deleteSource' },
  },
  actors: {
    tree: diffTreeMachine,
    merge: compareMergeMachine,
    /** The commits a merge would bring; provided with a `fetchPage` over CommitsSource. */
    commits: pagedListMachine<Commit, CommitsSource>(),
    summary: changeSummaryMachine,
    /** Asks once more, then deletes the merged branch (the project's one delete flow). */
    deleteSource: confirmDeleteMachine,
  },
  actions: {
    ...screenActions,
    openInlineDiffs: enqueueActions(({ context, enqueue }) => {
      for (const entry of inlineDiffEntries(context)) enqueue.sendTo('tree', { type: 'content.toggle', entry });
    }),
  },
  guards: {
    sourceKept: ({ context }) => context.receipt?.sourceBranch === 'kept',
    sourceDeleted: (_, output: ConfirmDeleteOutput) => output.deleted,
  },
}).createMachine({
  id: 'compare',
  context: ({ input }) => ({ ...input, receipt: null }),
  invoke: {
    id: 'tree',
    src: 'tree',
    input: ({ context }) => ({ source: listSource(context), prefix: context.prefix, firstPage: context.firstPage }),
  },
  type: 'parallel',
  states: {
    shown: {
      initial: 'current',
      on: {
        'compare.refresh': { actions: 'invalidate' },
      },
      states: {
        current: {
          entry: 'openInlineDiffs',
          on: {
            // The route read again (a merge, a refresh, other refs, another folder or view). Re-entering this state,
            // not its region, leaves the receipt's region as it is.
            'route.changed': {
              target: 'current',
              reenter: true,
              actions: enqueueActions(({ event, enqueue }) => {
                enqueue.assign(event.input);
                enqueue.sendTo('tree', treeRouteChanged(listSource(event.input), event.input));
              }),
            },
          },
          invoke: [
            {
              id: 'merge',
              src: 'merge',
              input: ({ context: { repoId, base, compare, readOnly, hasChanges } }) => ({ repoId, source: compare, dest: base, readOnly, hasChanges }),
            },
            { id: 'commits', src: 'commits', input: ({ context }) => ({ source: commitsSource(context), pageSize: COMMITS_PAGE_SIZE }) },
            {
              id: 'summary',
              src: 'summary',
              // Counted straight away: the counts belong with the list, not behind a button.
              input: ({ context }) => ({ source: listSource(context), prefix: context.prefix, countAtOnce: true }),
            },
          ],
        },
      },
    },
    receipt: {
      initial: 'none',
      on: {
        'compare.merged': {
          target: '.shown',
          actions: [
            assign({
              receipt: ({ event }) => ({ source: event.source, dest: event.dest, commitId: event.commitId, sourceBranch: 'kept' as const }),
            }),
            'invalidate',
          ],
        },
      },
      states: {
        none: {},
        shown: {
          on: {
            'receipt.dismiss': { target: 'none', actions: assign({ receipt: null }) },
            'receipt.deleteSource': { guard: 'sourceKept', target: 'deleting' },
          },
        },
        deleting: {
          invoke: {
            id: 'deleteSource',
            src: 'deleteSource',
            input: ({ context }) => ({ target: { kind: 'branch' as const, repoId: context.repoId, id: context.receipt?.source ?? '' } }),
            onDone: [
              {
                guard: { type: 'sourceDeleted', params: ({ event }) => event.output },
                target: 'shown',
                actions: assign({ receipt: ({ context }) => context.receipt && { ...context.receipt, sourceBranch: 'deleted' as const } }),
              },
              { target: 'shown' },
            ],
          },
        },
      },
    },
  },
});

export type CompareActorRef = ActorRefFrom<typeof compareMachine>;
export type CompareSnapshot = SnapshotFrom<typeof compareMachine>;
