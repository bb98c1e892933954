// A tree of changes (uncommitted changes, a commit, compare): its root folder is a paged list, each expanded folder
// another, each object whose content changes are shown has its own object-diff actor, and each data object whose
// rows are compared its own row-diff actor. The source (what is compared) is the tree's input: a new source
// (`route.changed`, from a route running the tree by itself or from the screen owning it) closes every folder and
// content shown and lists the new source's root, in the same actor.
import { assign, enqueueActions, setup, stopChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { DiffSource } from '../../api/diff';
import type { Diff, Page } from '../../api/types';
import type { ObjectDiffSides } from '../../lib/content-diff';
import type { RouteChanged } from '../../lib/screen';
import { objectDiffMachine, type ObjectDiffActorRef } from '../object-diff/machine';
import { pagedListMachine, type PagedListActorRef } from '../paged-list/machine';
import { rowDiffMachine, type RowDiffActorRef } from '../row-diff/machine';

export interface DiffTreeInput {
  /** What the tree compares: a branch's uncommitted changes, or two refs. */
  source: DiffSource;
  /** The folder the tree starts at ('' for the root). */
  prefix: string;
  /** The root folder's first page, when a route loader has it. */
  firstPage?: Page<Diff>;
}

export interface DiffTreeContext extends DiffTreeInput {
  /** The listing of each expanded folder, by its path. */
  folders: Record<string, PagedListActorRef<Diff, DiffSource>>;
  /** The content changes of each object showing them, by its path. */
  contents: Record<string, ObjectDiffActorRef>;
  /** The row diff of each data object comparing its rows, by its path. */
  rowDiffs: Record<string, RowDiffActorRef>;
}

export type DiffTreeEvent =
  | { type: 'folder.toggle'; path: string }
  | { type: 'content.toggle'; entry: Diff }
  | { type: 'rows.toggle'; entry: Diff }
  | RouteChanged<DiffTreeInput>;

/**
 * What a screen owning a tree tells it when the route read again: the tree's source as the screen builds it, and the
 * route's folder and first page.
 */
export function treeRouteChanged(source: DiffSource, { prefix, firstPage }: Omit<DiffTreeInput, 'source'>): RouteChanged<DiffTreeInput> {
  return { type: 'route.changed', input: { source, prefix, firstPage } };
}

const childId = (kind: 'folder' | 'content' | 'rows', path: string) => `${kind}:${path}`;

/** The old and new sides of a source's objects; `branch@` is a branch's last commit, without its staged changes. */
export function diffSides(source: DiffSource): ObjectDiffSides {
  return 'branch' in source
    ? { repoId: source.repoId, leftRef: `${source.branch}@`, rightRef: source.branch }
    : { repoId: source.repoId, leftRef: source.left, rightRef: source.right };
}

export const diffTreeMachine = setup({
  types: {
    input: {} as DiffTreeInput,
    context: {} as DiffTreeContext,
    events: {} as DiffTreeEvent,
  },
  actors: {
    /** A folder's listing; provided with a `fetchPage` that reads a DiffSource's level. */
    level: pagedListMachine<Diff, DiffSource>(),
    objectDiff: objectDiffMachine,
    rowDiff: rowDiffMachine,
  },
  actions: {
    openFolder: assign({
      folders: ({ context, spawn }, path: string) => ({
        ...context.folders,
        [path]: spawn('level', { id: childId('folder', path), input: { source: context.source, prefix: path } }),
      }),
    }),
    closeFolder: assign({
      folders: ({ context }, path: string) => Object.fromEntries(Object.entries(context.folders).filter(([open]) => open !== path)),
    }),
    showContent: assign({
      contents: ({ context, spawn }, entry: Diff) => ({
        ...context.contents,
        [entry.path]: spawn('objectDiff', { id: childId('content', entry.path), input: { entry, sides: diffSides(context.source) } }),
      }),
    }),
    hideContent: assign({
      contents: ({ context }, path: string) => Object.fromEntries(Object.entries(context.contents).filter(([shown]) => shown !== path)),
    }),
    showRows: assign({
      rowDiffs: ({ context, spawn }, entry: Diff) => ({
        ...context.rowDiffs,
        [entry.path]: spawn('rowDiff', { id: childId('rows', entry.path), input: { entry, sides: diffSides(context.source) } }),
      }),
    }),
    hideRows: assign({
      rowDiffs: ({ context }, path: string) => Object.fromEntries(Object.entries(context.rowDiffs).filter(([shown]) => shown !== path)),
    }),
  },
  guards: {
    folderOpen: ({ context }, path: string) => path in context.folders,
    contentShown: ({ context }, path: string) => path in context.contents,
    rowsShown: ({ context }, path: string) => path in context.rowDiffs,
  },
}).createMachine({
  id: 'diffTree',
  context: ({ input }) => ({ ...input, folders: {}, contents: {}, rowDiffs: {} }),
  invoke: {
    id: 'root',
    src: 'level',
    input: ({ context }) => ({ source: context.source, prefix: context.prefix, firstPage: context.firstPage }),
  },
  on: {
    // Another source, or the same one read again: nothing shown of the old one stays open.
    'route.changed': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        for (const child of [...Object.values(context.folders), ...Object.values(context.contents), ...Object.values(context.rowDiffs)]) {
          enqueue.stopChild(child);
        }
        const { source, prefix, firstPage } = event.input;
        enqueue.assign({ source, prefix, firstPage, folders: {}, contents: {}, rowDiffs: {} });
        enqueue.sendTo('root', { type: 'route.changed', input: { source, prefix, firstPage } });
      }),
    },
    'folder.toggle': [
      {
        guard: { type: 'folderOpen', params: ({ event }) => event.path },
        actions: [
          stopChild(({ context, event }) => context.folders[event.path] ?? childId('folder', event.path)),
          { type: 'closeFolder', params: ({ event }) => event.path },
        ],
      },
      { actions: { type: 'openFolder', params: ({ event }) => event.path } },
    ],
    'content.toggle': [
      {
        guard: { type: 'contentShown', params: ({ event }) => event.entry.path },
        actions: [
          stopChild(({ context, event }) => context.contents[event.entry.path] ?? childId('content', event.entry.path)),
          { type: 'hideContent', params: ({ event }) => event.entry.path },
        ],
      },
      { actions: { type: 'showContent', params: ({ event }) => event.entry } },
    ],
    'rows.toggle': [
      {
        guard: { type: 'rowsShown', params: ({ event }) => event.entry.path },
        actions: [
          stopChild(({ context, event }) => context.rowDiffs[event.entry.path] ?? childId('rows', event.entry.path)),
          { type: 'hideRows', params: ({ event }) => event.entry.path },
        ],
      },
      { actions: { type: 'showRows', params: ({ event }) => event.entry } },
    ],
  },
});

export type DiffTreeActorRef = ActorRefFrom<typeof diffTreeMachine>;
export type DiffTreeSnapshot = SnapshotFrom<typeof diffTreeMachine>;
