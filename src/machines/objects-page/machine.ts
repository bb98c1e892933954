// The objects page of one folder of one ref (spec 1 "Objects page", §4, §9): the listing (a paged list whose first
// page the route loader fetched), the prefix search (debounced 300 ms, kept in the URL), Refresh, and the dialogs
// it opens, each a flow of its own: delete object (only on a branch of a writable repository) and blame. The Upload
// button's permission lives in the route's permission actor, which this page asks about its branch.
import { assign, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ObjectStats, Page, RefKind } from '../../api/types';
import { FILTER_DEBOUNCE_MS, PAGE_SIZE } from '../../lib/constants';
import { blameMachine, type BlameActorRef, type BlameTarget } from '../blame/machine';
import { deleteObjectMachine, type DeleteObjectActorRef, type DeleteObjectOutput } from '../delete-object/machine';
import { pagedListMachine, type PagedListActorRef } from '../paged-list/machine';
import type { UploadPermissionActorRef } from '../upload-permission/machine';

export interface ObjectsPageInput {
  repoId: string;
  refId: string;
  refKind: RefKind;
  readOnly: boolean;
  /** The folder being browsed ('' or ending in '/'). */
  dir: string;
  /** The listing's start cursor (the URL's `after`). */
  after?: string | undefined;
  /** The prefix search in effect (the URL's `search`). */
  search: string;
  /** The listing's first page, when the route loader fetched it. */
  firstPage?: Page<ObjectStats> | undefined;
  /** The route's upload permission answers; the page asks about its branch. */
  permissions?: UploadPermissionActorRef | undefined;
}

export interface ObjectsPageContext extends Omit<ObjectsPageInput, 'firstPage'> {
  /** What is typed in the search box; it takes effect 300 ms after the last keystroke. */
  searchText: string;
  list: PagedListActorRef<ObjectStats>;
  deletePath: string | null;
  blameTarget: BlameTarget | null;
}

export type ObjectsPageEvent =
  | { type: 'search.input'; text: string }
  | { type: 'page.refresh' }
  /** Objects were added or removed by another flow (an upload): list again. */
  | { type: 'objects.changed' }
  | { type: 'object.delete'; path: string }
  | { type: 'blame.open'; target: BlameTarget }
  | { type: 'blame.close' };

const uploadBranch = (context: Pick<ObjectsPageContext, 'repoId' | 'refId' | 'refKind' | 'readOnly'>) =>
  context.refKind === 'branch' && !context.readOnly ? { repoId: context.repoId, branch: context.refId } : undefined;

export const objectsPageMachine = setup({
  types: {
    input: {} as ObjectsPageInput,
    context: {} as ObjectsPageContext,
    events: {} as ObjectsPageEvent,
  },
  actors: {
    /** The folder's listing; provided with a `fetchPage` for the page's repository and ref. */
    list: pagedListMachine<ObjectStats>(),
    deleteObject: deleteObjectMachine,
    blame: blameMachine,
  },
  actions: {
    /** Reloads the route loaders' data (repository, ref, README) — router.invalidate() in the browser. */
    invalidate: () => {
      throw new Error('action invalidate was not provided');
    },
    /** Puts the search in effect into the URL (replacing the entry, dropping the `after` cursor). */
    showSearch: (_, _params: { search: string }) => {
      throw new Error('action showSearch was not provided');
    },
    reloadList: sendTo(({ context }) => context.list, { type: 'list.reload' }),
    // Only under the `canUpload` guard, which makes sure there are a branch and a permission actor.
    needPermission: sendTo(
      ({ context }) => context.permissions!,
      ({ context }) => ({ type: 'permission.need' as const, repoId: context.repoId, branch: context.refId }),
    ),
    recheckPermission: sendTo(
      ({ context }) => context.permissions!,
      ({ context }) => ({ type: 'permission.recheck' as const, repoId: context.repoId, branch: context.refId }),
    ),
    takeSearch: assign(({ context }) => ({ search: context.searchText, after: undefined })),
    filterList: sendTo(({ context }) => context.list, ({ context }) => ({ type: 'list.filter' as const, prefix: context.dir + context.search })),
  },
  guards: {
    canDelete: ({ context }) => uploadBranch(context) !== undefined,
    canUpload: ({ context }) => uploadBranch(context) !== undefined && context.permissions !== undefined,
    searchChanged: ({ context }) => context.searchText !== context.search,
    deleted: (_, output: DeleteObjectOutput) => output.deleted,
  },
}).createMachine({
  id: 'objectsPage',
  context: ({ input, spawn }) => {
    const { firstPage, ...page } = input;
    return {
      ...page,
      searchText: input.search,
      list: spawn('list', {
        id: 'list',
        input: { pageSize: PAGE_SIZE, prefix: input.dir + input.search, startAfter: input.after, firstPage },
      }),
      deletePath: null,
      blameTarget: null,
    };
  },
  type: 'parallel',
  on: {
    'objects.changed': { actions: ['reloadList', 'invalidate'] },
  },
  states: {
    permission: {
      initial: 'asking',
      states: {
        asking: {
          always: [{ guard: 'canUpload', target: 'asked', actions: 'needPermission' }, { target: 'asked' }],
        },
        // Refresh lists again, reloads the loaders' data and asks the permission again.
        asked: {
          on: {
            'page.refresh': [
              { guard: 'canUpload', actions: ['reloadList', 'recheckPermission', 'invalidate'] },
              { actions: ['reloadList', 'invalidate'] },
            ],
          },
        },
      },
    },
    search: {
      initial: 'idle',
      on: {
        'search.input': { target: '.waiting', reenter: true, actions: assign({ searchText: ({ event }) => event.text }) },
      },
      states: {
        idle: {},
        waiting: {
          after: {
            [FILTER_DEBOUNCE_MS]: [
              {
                guard: 'searchChanged',
                target: 'idle',
                actions: ['takeSearch', 'filterList', { type: 'showSearch', params: ({ context }) => ({ search: context.search }) }],
              },
              { target: 'idle' },
            ],
          },
        },
      },
    },
    dialog: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'object.delete': { guard: 'canDelete', target: 'deleting', actions: assign({ deletePath: ({ event }) => event.path }) },
            'blame.open': { target: 'blaming', actions: assign({ blameTarget: ({ event }) => event.target }) },
          },
        },
        deleting: {
          invoke: {
            id: 'deleteObject',
            src: 'deleteObject',
            input: ({ context }) => ({ repoId: context.repoId, branch: context.refId, path: context.deletePath ?? '' }),
            onDone: [
              {
                guard: { type: 'deleted', params: ({ event }) => event.output },
                target: 'closed',
                actions: ['reloadList', 'invalidate', assign({ deletePath: null })],
              },
              { target: 'closed', actions: assign({ deletePath: null }) },
            ],
          },
        },
        blaming: {
          invoke: {
            id: 'blame',
            src: 'blame',
            input: ({ context }) => ({
              repoId: context.repoId,
              refId: context.refId,
              // Entered only with a target.
              target: context.blameTarget ?? { path: '', pathType: 'object' },
            }),
          },
          on: { 'blame.close': { target: 'closed', actions: assign({ blameTarget: null }) } },
        },
      },
    },
  },
});

export type ObjectsPageActorRef = ActorRefFrom<typeof objectsPageMachine>;
export type ObjectsPageSnapshot = SnapshotFrom<typeof objectsPageMachine>;

/** The open delete dialog's flow, if any. */
export function deleteObjectFlow(snapshot: ObjectsPageSnapshot): DeleteObjectActorRef | undefined {
  return snapshot.children.deleteObject as DeleteObjectActorRef | undefined;
}

/** The open blame dialog's read, if any. */
export function blameFlow(snapshot: ObjectsPageSnapshot): BlameActorRef | undefined {
  return snapshot.children.blame as BlameActorRef | undefined;
}

/** Whether the page offers deleting objects: only on a branch of a writable repository. */
export function canDeleteObjects(snapshot: ObjectsPageSnapshot): boolean {
  return uploadBranch(snapshot.context) !== undefined;
}
