// The objects page of one folder of one ref (spec 1 "Objects page", §4, §9): the listing (a paged list whose first
// page the route loader fetched), the prefix search (debounced 300 ms, kept in the URL), Refresh, and the dialogs
// it opens, each a flow of its own: upload, delete object (both only on a branch of a writable repository) and
// blame. Upload and Import are always shown, and these rules say when they work and why not: Upload waits for the
// server's preflight for the branch, whose answers live in the route's permission actor (this page asks it, and
// follows its answer); Import needs a server whose storage can import (the session's storage config). The import
// dialog's open state is the URL's (`importDialog`): the page opens it through `showImport`, and a link that opens
// it where it cannot open is told why. The listing's selection is a child of its own; the bulk delete (same rule as
// the single one) and the zip download run over it, and their summaries stay on screen until dismissed while the
// listing reloads behind them.
import {
  and,
  assign,
  fromCallback,
  sendTo,
  setup,
  stateIn,
  type ActorRefFrom,
  type EventObject,
  type NonReducibleUnknown,
  type SnapshotFrom,
} from 'xstate';
import type { ObjectStats, Page, RefKind } from '../../api/types';
import { FILTER_DEBOUNCE_MS, PAGE_SIZE } from '../../lib/constants';
import { blameMachine, type BlameActorRef, type BlameTarget } from '../blame/machine';
import { bulkDeleteMachine, type BulkDeleteActorRef, type BulkDeleteOutput, type BulkDeleteSummary } from '../bulk-delete/machine';
import {
  archiveName,
  bulkDownloadMachine,
  type BulkDownloadActorRef,
  type BulkDownloadOutput,
  type BulkDownloadSummary,
} from '../bulk-download/machine';
import { deleteObjectMachine, type DeleteObjectActorRef, type DeleteObjectOutput } from '../delete-object/machine';
import { objectSelectionMachine, selectionReady, type ObjectSelectionActorRef } from '../object-selection/machine';
import { pagedListMachine, type PagedListActorRef } from '../paged-list/machine';
import { callbackPlaceholder } from '../../lib/actors';
import { uploadAllowed, type BranchTarget, type UploadPermissionActorRef } from '../upload-permission/machine';

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
  selection: ObjectSelectionActorRef;
  deletePath: string | null;
  /** The outcome of the last bulk run, shown until dismissed. */
  bulkSummary: BulkSummary | null;
  blameTarget: BlameTarget | null;
}

export type BulkSummary = ({ kind: 'delete' } & BulkDeleteSummary) | ({ kind: 'download' } & BulkDownloadSummary);

export type ObjectsPageEvent =
  | { type: 'search.input'; text: string }
  | { type: 'page.refresh' }
  /** Objects were added or removed by another flow (an upload): list again. */
  | { type: 'objects.changed' }
  | { type: 'object.delete'; path: string }
  | { type: 'blame.open'; target: BlameTarget }
  | { type: 'blame.close' }
  /** Delete the selected objects (lakeFS's deleteObjects), after a confirmation. */
  | { type: 'bulk.delete' }
  /** Download the selected objects as one zip. */
  | { type: 'bulk.download' }
  | { type: 'bulk.dismiss' }
  | { type: 'upload.open' }
  | { type: 'upload.close' }
  /** Open the import dialog (in the URL). */
  | { type: 'import.open' }
  | UploadAnswer
  | StorageReport;

/** The permission actor's answer for the page's branch, as it changes (undefined while first asked). */
export type UploadAnswer = { type: 'upload.answer'; allowed: boolean | undefined };

/** What the server's storage config says of imports; `storage.unknown` when the config could not be read. */
export type StorageReport = { type: 'storage.known'; importSupport: boolean } | { type: 'storage.unknown' };

export const UPLOAD_READ_ONLY = 'The repository is read-only';
export const UPLOAD_NEEDS_BRANCH = 'Uploads go to a branch: select a branch to upload';
export const UPLOAD_CHECKING = 'Checking upload permission...';
export const UPLOAD_REFUSED = 'You are not allowed to upload to this branch';
export const IMPORT_READ_ONLY = 'The repository is read-only';
export const IMPORT_NEEDS_BRANCH = 'Imports go to a branch: select a branch to import into';
export const IMPORT_CHECKING = 'Checking whether the server can import...';
export const IMPORT_UNSUPPORTED =
  "This server's storage does not support import (import_support is off in its storage configuration). " +
  'Upload the objects instead, or ask an administrator to set up import on the server.';
export const IMPORT_CONFIG_UNREADABLE =
  "Import is unavailable: the server's storage configuration could not be read. Reload the page to try again.";

/** Follows the permission actor's answer for one branch, reporting each change of it. */
const followUploadPermission = fromCallback<EventObject, { permissions: UploadPermissionActorRef; target: BranchTarget }>(
  ({ input, sendBack }) => {
    let last: boolean | undefined | null = null;
    const report = () => {
      const allowed = uploadAllowed(input.permissions.getSnapshot(), input.target);
      if (allowed !== last) sendBack({ type: 'upload.answer', allowed } satisfies UploadAnswer);
      last = allowed;
    };
    report();
    const subscription = input.permissions.subscribe(report);
    return () => subscription.unsubscribe();
  },
);

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
    /** The listing's selection; provided with a `listPage` for the page's repository and ref. */
    selection: objectSelectionMachine,
    bulkDelete: bulkDeleteMachine,
    bulkDownload: bulkDownloadMachine,
    followUploadPermission,
    /** Reports whether the server's storage can import (StorageReport), once its config is known. */
    storageSupport: callbackPlaceholder<EventObject, NonReducibleUnknown>('storageSupport'),
  },
  actions: {
    /** Opens the import dialog: puts `importDialog` in the URL. */
    showImport: () => {
      throw new Error('action showImport was not provided');
    },
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
    // Rows no longer listed would stay selected unseen.
    clearSelection: sendTo(({ context }) => context.selection, { type: 'select.clear' }),
    // What could not be deleted stays selected, to try again or look at.
    selectUndeleted: sendTo(
      ({ context }) => context.selection,
      (_, summary: BulkDeleteSummary) => ({
        type: 'select.only' as const,
        paths: summary.failures.map((failure) => failure.path).filter((path) => path !== ''),
      }),
    ),
  },
  guards: {
    canDelete: ({ context }) => uploadBranch(context) !== undefined,
    canUpload: ({ context }) => uploadBranch(context) !== undefined && context.permissions !== undefined,
    writableBranch: ({ context }) => uploadBranch(context) !== undefined,
    isAllowed: (_, allowed: boolean | undefined) => allowed === true,
    isRefused: (_, allowed: boolean | undefined) => allowed === false,
    importSupported: (_, report: { importSupport: boolean }) => report.importSupport,
    searchChanged: ({ context }) => context.searchText !== context.search,
    deleted: (_, output: DeleteObjectOutput) => output.deleted,
    hasSelection: ({ context }) => selectionReady(context.selection.getSnapshot()),
    ran: (_, output: BulkDeleteOutput | BulkDownloadOutput) => output.summary !== undefined,
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
      selection: spawn('selection', { id: 'selection', input: {} }),
      deletePath: null,
      blameTarget: null,
      bulkSummary: null,
    };
  },
  type: 'parallel',
  on: {
    'objects.changed': { actions: ['reloadList', 'invalidate'] },
  },
  states: {
    // The Upload button: only on a branch of a writable repository, once the server's preflight allows it.
    upload: {
      initial: 'deciding',
      states: {
        deciding: {
          always: [{ guard: 'canUpload', target: 'asked', actions: 'needPermission' }, { target: 'unavailable' }],
        },
        unavailable: {
          on: { 'page.refresh': { actions: ['reloadList', 'invalidate'] } },
        },
        // Refresh lists again, reloads the loaders' data and asks the permission again; the last answer stays
        // until the new one.
        asked: {
          invoke: {
            src: 'followUploadPermission',
            // Only with a branch and a permission actor (the `canUpload` guard).
            input: ({ context }) => ({ permissions: context.permissions!, target: { repoId: context.repoId, branch: context.refId } }),
          },
          initial: 'checking',
          on: {
            'page.refresh': { actions: ['reloadList', 'recheckPermission', 'invalidate'] },
            'upload.answer': [
              { guard: { type: 'isAllowed', params: ({ event }) => event.allowed }, target: '.allowed' },
              { guard: { type: 'isRefused', params: ({ event }) => event.allowed }, target: '.refused' },
              { target: '.checking' },
            ],
          },
          states: {
            checking: {},
            allowed: {},
            refused: {},
          },
        },
      },
    },
    // Whether the server's storage can import; the import also needs a branch of a writable repository.
    importer: {
      initial: 'asking',
      states: {
        asking: {
          invoke: { src: 'storageSupport' },
          on: {
            'storage.known': [
              { guard: { type: 'importSupported', params: ({ event }) => event }, target: 'supported' },
              { target: 'unsupported' },
            ],
            'storage.unknown': 'unreadable',
          },
        },
        supported: {
          on: { 'import.open': { guard: 'writableBranch', actions: 'showImport' } },
        },
        unsupported: {},
        unreadable: {},
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
                actions: [
                  'takeSearch',
                  'filterList',
                  'clearSelection',
                  { type: 'showSearch', params: ({ context }) => ({ search: context.search }) },
                ],
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
            'bulk.delete': { guard: and(['canDelete', 'hasSelection']), target: 'bulkDeleting' },
            'bulk.download': { guard: 'hasSelection', target: 'bulkDownloading' },
            'upload.open': { guard: stateIn({ upload: { asked: 'allowed' } }), target: 'uploading' },
          },
        },
        // The upload dialog runs its own queue; an upload that stored something lists again (objects.changed).
        uploading: {
          on: { 'upload.close': 'closed' },
        },
        bulkDeleting: {
          invoke: {
            id: 'bulkDelete',
            src: 'bulkDelete',
            input: ({ context }) => ({ repoId: context.repoId, branch: context.refId, paths: context.selection.getSnapshot().context.selected }),
            onDone: [
              {
                guard: { type: 'ran', params: ({ event }) => event.output },
                target: 'summary',
                actions: [
                  assign({ bulkSummary: ({ event }) => (event.output.summary ? { kind: 'delete' as const, ...event.output.summary } : null) }),
                  { type: 'selectUndeleted', params: ({ event }) => event.output.summary! },
                  'reloadList',
                  'invalidate',
                ],
              },
              { target: 'closed' },
            ],
          },
        },
        bulkDownloading: {
          invoke: {
            id: 'bulkDownload',
            src: 'bulkDownload',
            input: ({ context }) => ({
              repoId: context.repoId,
              refId: context.refId,
              dir: context.dir,
              paths: context.selection.getSnapshot().context.selected,
              archiveName: archiveName(context.repoId, context.refId, context.dir),
            }),
            onDone: [
              {
                guard: { type: 'ran', params: ({ event }) => event.output },
                target: 'summary',
                actions: assign({ bulkSummary: ({ event }) => (event.output.summary ? { kind: 'download' as const, ...event.output.summary } : null) }),
              },
              { target: 'closed' },
            ],
          },
        },
        summary: {
          on: { 'bulk.dismiss': { target: 'closed', actions: assign({ bulkSummary: null }) } },
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

/** The running bulk delete (its confirmation, progress and cancel), if any. */
export function bulkDeleteFlow(snapshot: ObjectsPageSnapshot): BulkDeleteActorRef | undefined {
  return snapshot.children.bulkDelete as BulkDeleteActorRef | undefined;
}

/** The running zip download, if any. */
export function bulkDownloadFlow(snapshot: ObjectsPageSnapshot): BulkDownloadActorRef | undefined {
  return snapshot.children.bulkDownload as BulkDownloadActorRef | undefined;
}

/** Why Upload is disabled on this page (the user's own policies aside), or undefined when it works. */
export function uploadRefusal(snapshot: ObjectsPageSnapshot): string | undefined {
  const { readOnly, refKind } = snapshot.context;
  if (readOnly) return UPLOAD_READ_ONLY;
  if (refKind !== 'branch') return UPLOAD_NEEDS_BRANCH;
  if (snapshot.matches({ upload: { asked: 'allowed' } })) return undefined;
  return snapshot.matches({ upload: { asked: 'refused' } }) ? UPLOAD_REFUSED : UPLOAD_CHECKING;
}

/** Why Import is disabled on this page (the user's own policies aside), or undefined when it works. */
export function importRefusal(snapshot: ObjectsPageSnapshot): string | undefined {
  const { readOnly, refKind } = snapshot.context;
  if (snapshot.matches({ importer: 'unsupported' })) return IMPORT_UNSUPPORTED;
  if (snapshot.matches({ importer: 'unreadable' })) return IMPORT_CONFIG_UNREADABLE;
  if (readOnly) return IMPORT_READ_ONLY;
  if (refKind !== 'branch') return IMPORT_NEEDS_BRANCH;
  return snapshot.matches({ importer: 'asking' }) ? IMPORT_CHECKING : undefined;
}

/** Whether the server is still being asked whether it can import (a link to the dialog waits for the answer). */
export function importPending(snapshot: ObjectsPageSnapshot): boolean {
  return snapshot.matches({ importer: 'asking' });
}

/** Whether the page offers deleting objects: only on a branch of a writable repository. */
export function canDeleteObjects(snapshot: ObjectsPageSnapshot): boolean {
  return uploadBranch(snapshot.context) !== undefined;
}
