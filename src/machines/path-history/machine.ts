// The History screen (README, History): the commits of a ref that changed a path or a prefix, newest first, a page at
// a time, each with what it left there. Two versions of an object are compared with the console's diff machines (the
// content diff for text, the row diff for data files); two versions of a prefix open the Compare screen between their
// commits. A version of an object is restored onto a branch the user picks, as an uncommitted change (a copy from the
// commit), after a confirmation naming both; a receipt links to the branch's changes and the object.
import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Diff, ObjectStats, Page, RefKind } from '../../api/types';
import { promisePlaceholder } from '../../lib/actor-placeholders';
import type { BranchProtection } from '../../lib/branch-protection';
import { protectedBranchReason } from '../../lib/branch-protection';
import { contentDiffOffered, rowDiffOffered, type ObjectDiffSides } from '../../lib/content-diff';
import { screenActions, type RouteChanged } from '../../lib/screen';
import { objectDiffMachine, type ObjectDiffActorRef } from '../object-diff/machine';
import { pagedListMachine, type PagedListActorRef } from '../paged-list/machine';
import { rowDiffMachine, type RowDiffActorRef } from '../row-diff/machine';
import { HISTORY_PAGE_SIZE, isPrefix, type HistorySource, type PathVersion } from './versions';

export interface PathHistoryInput {
  repoId: string;
  /** The ref whose history is shown, as resolved. */
  refId: string;
  refKind: RefKind;
  /** The object, or the prefix when it ends in `/`. */
  path: string;
  defaultBranch: string;
  readOnly: boolean;
  /** The repository's branch protection, for the branch a version is restored onto. */
  protection: BranchProtection;
  /** The first page, as the route read it. */
  firstPage: Page<PathVersion>;
}

/** A version picked in the list, with its place there (0 is the newest): versions of one second sort by it. */
export interface PickedVersion {
  version: PathVersion;
  position: number;
}

/** Two versions compared: the older one's content is the left side. */
export interface Comparison {
  older: PathVersion;
  newer: PathVersion;
  entry: Diff;
  sides: ObjectDiffSides;
}

export interface RestoreRequest {
  repoId: string;
  branch: string;
  path: string;
  commitId: string;
}

/** What a restore made: the object on the branch, uncommitted. */
export interface RestoreReceipt {
  branch: string;
  path: string;
  commitId: string;
  creationDate: number;
}

export interface PathHistoryContext extends PathHistoryInput {
  /** At most two versions, in the order picked. */
  picked: PickedVersion[];
  comparison: Comparison | null;
  /** The version being restored and the branch it goes onto, while the confirmation is open. */
  restore: { version: PathVersion; branch: string } | null;
  receipt: RestoreReceipt | null;
  error: unknown;
}

export type PathHistoryEvent =
  | { type: 'version.toggle'; picked: PickedVersion }
  | { type: 'compare.picked' }
  /** A version against the one listed below it. */
  | { type: 'compare.previous'; newer: PickedVersion; older: PickedVersion }
  | { type: 'compare.close' }
  | { type: 'restore.request'; version: PathVersion }
  | { type: 'restore.branch'; branch: string }
  | { type: 'restore.confirm' }
  | { type: 'restore.cancel' }
  | { type: 'receipt.dismiss' }
  | RouteChanged<PathHistoryInput>;

export const historySource = ({ repoId, refId, path }: Pick<PathHistoryInput, 'repoId' | 'refId' | 'path'>): HistorySource => ({
  repoId,
  ref: refId,
  path,
});

/** Newer first by place in the list (the log is newest first). */
function ordered(a: PickedVersion, b: PickedVersion): { older: PathVersion; newer: PathVersion } {
  return a.position > b.position ? { older: a.version, newer: b.version } : { older: b.version, newer: a.version };
}

const deleted = (version: PathVersion) => version.state.kind === 'deleted';
const sizeOf = (version: PathVersion) => (version.state.kind === 'object' ? version.state.size : undefined);

/** The diff entry of an object between two of its versions, as the diff machines take it. */
export function comparisonOf(repoId: string, path: string, a: PickedVersion, b: PickedVersion): Comparison {
  const { older, newer } = ordered(a, b);
  const type = deleted(older) ? 'added' : deleted(newer) ? 'removed' : 'changed';
  const size = sizeOf(newer) ?? sizeOf(older);
  const entry: Diff = { type, path, path_type: 'object', ...(size !== undefined ? { size_bytes: size } : {}) };
  return { older, newer, entry, sides: { repoId, leftRef: older.commit.id, rightRef: newer.commit.id } };
}

export const RESTORE_READ_ONLY = 'The repository is read-only: nothing can be restored onto its branches.';
export const RESTORE_DELETED = 'This commit deleted the object: there is no content to restore. Restore an older version.';
export const RESTORE_PREFIX =
  'A folder is not restored as a whole: open History of one of its objects to restore it, or compare two commits to see what changed.';
export const COMPARE_BOTH_DELETED = 'Both versions are deletions: there is no content to compare.';
export const COMPARE_UNSUPPORTED =
  'Only text files (content diff) and parquet, csv or tsv files (row diff) are compared here. Download both versions to compare them with another tool.';

/** Why Restore is not offered for a version, or undefined when it is (the user's policies aside). */
export function restoreRefusal(context: Pick<PathHistoryContext, 'readOnly' | 'path'>, version: PathVersion): string | undefined {
  if (isPrefix(context.path)) return RESTORE_PREFIX;
  if (context.readOnly) return RESTORE_READ_ONLY;
  if (deleted(version)) return RESTORE_DELETED;
  return undefined;
}

/** Why the picked target branch cannot take the restore, or undefined. */
export function restoreTargetRefusal(context: Pick<PathHistoryContext, 'protection' | 'restore'>): string | undefined {
  const branch = context.restore?.branch;
  if (!branch) return 'Pick the branch the version is restored onto.';
  return context.protection.covers(branch) ? protectedBranchReason(branch) : undefined;
}

/** The branch a restore goes onto unless the user picks another: the shown branch, else the default branch. */
const defaultTarget = (context: PathHistoryContext) => (context.refKind === 'branch' ? context.refId : context.defaultBranch);

export const pathHistoryMachine = setup({
  types: {
    input: {} as PathHistoryInput,
    context: {} as PathHistoryContext,
    events: {} as PathHistoryEvent,
    children: {} as { versions: 'versions'; contentDiff: 'contentDiff'; rowDiff: 'rowDiff' },
  },
  actors: {
    /** The versions; provided with a `fetchPage` over HistorySource. */
    versions: pagedListMachine<PathVersion, HistorySource>(),
    contentDiff: objectDiffMachine,
    rowDiff: rowDiffMachine,
    copy: promisePlaceholder<ObjectStats, RestoreRequest>('copy'),
  },
  actions: {
    ...screenActions,
  },
  guards: {
    twoPicked: ({ context }) => context.picked.length === 2,
    prefix: ({ context }) => isPrefix(context.path),
    bothDeleted: ({ context }) => context.comparison !== null && deleted(context.comparison.older) && deleted(context.comparison.newer),
    rowsComparable: ({ context }) => context.comparison !== null && rowDiffOffered(context.comparison.entry),
    contentComparable: ({ context }) => context.comparison !== null && contentDiffOffered(context.comparison.entry),
    restorable: ({ context }, version: PathVersion) => restoreRefusal(context, version) === undefined,
    targetWritable: ({ context }) => restoreTargetRefusal(context) === undefined,
  },
}).createMachine({
  id: 'pathHistory',
  context: ({ input }) => ({ ...input, picked: [], comparison: null, restore: null, receipt: null, error: null }),
  invoke: {
    id: 'versions',
    src: 'versions',
    input: ({ context }) => ({ source: historySource(context), firstPage: context.firstPage, pageSize: HISTORY_PAGE_SIZE }),
  },
  type: 'parallel',
  on: {
    // Another path or ref, or the same read again: the list starts over from what the route read, and what was picked
    // in the old list goes with it. A receipt stays: it tells of a write that happened.
    'route.changed': {
      target: '.compare.idle',
      actions: enqueueActions(({ event, enqueue }) => {
        enqueue.assign({ ...event.input, picked: [], comparison: null });
        enqueue.sendTo('versions', {
          type: 'route.changed',
          input: { source: historySource(event.input), firstPage: event.input.firstPage },
        });
      }),
    },
    'version.toggle': {
      actions: assign({
        picked: ({ context, event }) => {
          const others = context.picked.filter((p) => p.version.commit.id !== event.picked.version.commit.id);
          if (others.length < context.picked.length) return others;
          // A third pick replaces the first: the latest two are compared.
          return [...context.picked, event.picked].slice(-2);
        },
      }),
    },
  },
  states: {
    compare: {
      initial: 'idle',
      on: {
        'compare.picked': [
          {
            guard: 'twoPicked',
            target: '.opening',
            reenter: true,
            actions: assign({
              comparison: ({ context }) => comparisonOf(context.repoId, context.path, context.picked[0]!, context.picked[1]!),
            }),
          },
        ],
        'compare.close': { target: '.idle', actions: assign({ comparison: null }) },
        'compare.previous': {
          target: '.opening',
          reenter: true,
          actions: assign({
            picked: ({ event }) => [event.older, event.newer],
            comparison: ({ context, event }) => comparisonOf(context.repoId, context.path, event.older, event.newer),
          }),
        },
      },
      states: {
        idle: {},
        opening: {
          always: [
            // A prefix's two versions: the Compare screen lists what changed under it between the two commits.
            {
              guard: 'prefix',
              target: 'idle',
              actions: enqueueActions(({ context, enqueue }) => {
                const comparison = context.comparison;
                if (!comparison) return;
                enqueue({
                  type: 'navigate',
                  params: {
                    to: '/repositories/$repoId/compare',
                    params: { repoId: context.repoId },
                    search: { ref: comparison.older.commit.id, compare: comparison.newer.commit.id, prefix: context.path },
                  },
                });
                enqueue.assign({ comparison: null });
              }),
            },
            { guard: 'bothDeleted', target: 'nothingToCompare' },
            { guard: 'rowsComparable', target: 'rows' },
            { guard: 'contentComparable', target: 'content' },
            { target: 'unsupported' },
          ],
        },
        content: {
          invoke: {
            id: 'contentDiff',
            src: 'contentDiff',
            input: ({ context }) => ({ entry: context.comparison!.entry, sides: context.comparison!.sides }),
          },
        },
        rows: {
          invoke: {
            id: 'rowDiff',
            src: 'rowDiff',
            input: ({ context }) => ({ entry: context.comparison!.entry, sides: context.comparison!.sides }),
          },
        },
        nothingToCompare: {},
        unsupported: {},
      },
    },
    restore: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'restore.request': {
              guard: { type: 'restorable', params: ({ event }) => event.version },
              target: 'confirming',
              actions: assign({
                restore: ({ context, event }) => ({ version: event.version, branch: defaultTarget(context) }),
                error: null,
              }),
            },
            'receipt.dismiss': { actions: assign({ receipt: null }) },
          },
        },
        confirming: {
          on: {
            'restore.branch': {
              actions: assign({
                restore: ({ context, event }) => context.restore && { ...context.restore, branch: event.branch },
                error: null,
              }),
            },
            'restore.confirm': { guard: 'targetWritable', target: 'restoring' },
            'restore.cancel': { target: 'idle', actions: assign({ restore: null, error: null }) },
          },
        },
        restoring: {
          tags: ['busy'],
          invoke: {
            src: 'copy',
            input: ({ context }) => ({
              repoId: context.repoId,
              branch: context.restore!.branch,
              path: context.path,
              commitId: context.restore!.version.commit.id,
            }),
            onDone: {
              target: 'idle',
              actions: assign({
                receipt: ({ context }) => ({
                  branch: context.restore!.branch,
                  path: context.path,
                  commitId: context.restore!.version.commit.id,
                  creationDate: context.restore!.version.commit.creation_date,
                }),
                restore: null,
              }),
            },
            onError: { target: 'confirming', actions: assign({ error: ({ event }) => event.error }) },
          },
        },
      },
    },
  },
});

export type PathHistoryActorRef = ActorRefFrom<typeof pathHistoryMachine>;
export type PathHistorySnapshot = SnapshotFrom<typeof pathHistoryMachine>;

/** The screen's list of versions. */
export function versionsList(snapshot: PathHistorySnapshot): PagedListActorRef<PathVersion> {
  return snapshot.children.versions as PagedListActorRef<PathVersion>;
}

/** The running content diff of the compared versions, if any. */
export function contentDiffOf(snapshot: PathHistorySnapshot): ObjectDiffActorRef | undefined {
  return snapshot.children.contentDiff as ObjectDiffActorRef | undefined;
}

/** The running row diff of the compared versions, if any. */
export function rowDiffOf(snapshot: PathHistorySnapshot): RowDiffActorRef | undefined {
  return snapshot.children.rowDiff as RowDiffActorRef | undefined;
}
