// The objects page's screen (see docs/behaviour.md, Objects page): one machine for the route's life, whose children
// are every flow of the page.
//
// - The folder: the state `folder` lives while one folder of one ref is shown, and starts over for another (its
//   listing, the listing's selection and the search box are its children, started from what the route loaded).
//   Within it, Upload (only on a branch of a writable repository, once the server's preflight allows it) and the
//   dialogs the page opens one at a time: upload, delete object, blame, and the bulk delete and zip download over
//   the selection, whose summaries stay on screen until dismissed while the listing reloads behind them.
// - The upload permission (the server's preflight per branch, kept while the route lives, so browsing folders never
//   flickers the button) and the garbage-collection warning (per repository).
// - Import: whether the server's storage can import (the session's settings), and the import dialog, whose open
//   state is the URL's (`importDialog`, so a link opens it): the button puts it there, and a link that opens it
//   where it cannot open is told why.
//
// The upload queue and the import tell the page when they stored something (`objects.changed`): it lists the
// folder again and reloads the route's data. When the live stream says the branch shown has moved on, the branch-moved
// notice says so, and its refresh button reads the page again (`page.refresh`).
import {
  and,
  assign,
  enqueueActions,
  fromCallback,
  not,
  sendTo,
  setup,
  stateIn,
  stopChild,
  type ActorRefFrom,
  type AnyActorRef,
  type EventObject,
  type SnapshotFrom,
} from 'xstate';
import type { ObjectStats, Page, RefKind, Repository, StorageConfig } from '../../api/types';
import { protectedBranchReason } from '../../lib/branch-protection';
import { callbackPlaceholder } from '../../lib/actor-placeholders';
import { PAGE_SIZE } from '../../lib/page-sizes';
import { screenActions, type Navigation, type RouteChanged } from '../../lib/screen';
import { blameMachine, type BlameActorRef, type BlameTarget } from '../blame/machine';
import { branchMovedMachine, type BranchMovedActorRef, type BranchMovedInput } from '../branch-moved/machine';
import { bulkDeleteMachine, type BulkDeleteActorRef, type BulkDeleteOutput, type BulkDeleteSummary } from '../bulk-delete/machine';
import {
  archiveName,
  bulkDownloadMachine,
  type BulkDownloadActorRef,
  type BulkDownloadOutput,
  type BulkDownloadSummary,
} from '../bulk-download/machine';
import { debouncedFilterMachine, type DebouncedFilterActorRef, type FilterSettled } from '../debounced-filter/machine';
import { confirmDeleteMachine, type ConfirmDeleteActorRef, type ConfirmDeleteOutput } from '../confirm-delete/machine';
import { gcWarningMachine, type GcWarningActorRef } from '../gc-warning/machine';
import { importMachine, type ImportActorRef } from '../import/machine';
import { bulkDeletePermission, objectSelectionMachine, selectionReady, type ObjectSelectionActorRef } from '../object-selection/machine';
import { pagedListMachine, type PagedListActorRef } from '../paged-list/machine';
import type { PermissionCheck, SessionActorRef, SessionSnapshot } from '../session/machine';
import { uploadAllowed, uploadPermissionMachine, type BranchTarget, type UploadPermissionActorRef } from '../upload-permission/machine';
import { uploadQueueMachine, type UploadQueueActorRef } from '../upload-queue/machine';

/** What the listing lists: a folder of a ref, from its start cursor (pages after the first are read larger). */
export interface FolderSource {
  repoId: string;
  refId: string;
  startAfter: string | undefined;
}

export interface ObjectsPageInput {
  /** The session: its settings say how the server stores objects (presigned uploads, imports). */
  session: SessionActorRef;
  repo: Pick<Repository, 'id' | 'read_only' | 'storage_namespace' | 'creation_date'>;
  /** The ref being browsed, resolved to its kind and the commit read. */
  ref: { id: string; kind: RefKind; commitId?: string };
  /** The tab's live stream of the repository (none: the page is not told when its branch moves). */
  live?: AnyActorRef | undefined;
  /** A branch protection rule covers the ref: uploads, deletes and imports would be refused. */
  protectedBranch: boolean;
  /** The folder being browsed ('' or ending in '/'). */
  path: string;
  /** The listing's start cursor (the URL's `after`). */
  after?: string | undefined;
  /** The prefix search in effect (the URL's `search`). */
  search: string;
  /** The URL's `importDialog`: the import dialog was asked for. */
  importDialog: boolean;
  /** The listing's first page as the route loader read it, and the prefix it lists (undefined: the read failed). */
  firstPage: Page<ObjectStats> | undefined;
  listedPrefix: string;
}

/** What the server's storage config says of uploads and imports. */
export type ObjectsStorage = Pick<
  StorageConfig,
  'blockstore_type' | 'blockstore_namespace_example' | 'import_support' | 'import_validity_regex' | 'pre_sign_support_ui'
>;

export interface ObjectsPageContext {
  session: SessionActorRef;
  repoId: string;
  readOnly: boolean;
  protectedBranch: boolean;
  storageNamespace: string;
  creationDate: number;
  refId: string;
  refKind: RefKind;
  commitId: string | undefined;
  live: AnyActorRef | undefined;
  dir: string;
  after: string | undefined;
  /** The prefix search in effect. */
  search: string;
  importRequested: boolean;
  /** The loader's first page, when it lists what the page shows (the folder and the search). */
  firstPage: Page<ObjectStats> | undefined;
  /** The server's storage config, once the session has read it (null: unknown, or unreadable). */
  storage: ObjectsStorage | null;
  /** The upload preflight's answers, per branch, for the route's life. */
  permissions: UploadPermissionActorRef;
  /** The folder's selection (one per folder shown: never undefined once the page has started). */
  selection: ObjectSelectionActorRef | undefined;
  deletePath: string | null;
  /** The object the last single delete removed (an uncommitted change of the branch), shown as a receipt until dismissed or the ref changes. */
  lastDeleted: string | null;
  /** The outcome of the last bulk run, shown until dismissed. */
  bulkSummary: BulkSummary | null;
  blameTarget: BlameTarget | null;
}

export type BulkSummary = ({ kind: 'delete' } & BulkDeleteSummary) | ({ kind: 'download' } & BulkDownloadSummary);

export type ObjectsPageEvent =
  | RouteChanged<ObjectsPageInput>
  | { type: 'page.refresh' }
  /** Objects were added or removed by another flow (an upload, an import): list again. */
  | { type: 'objects.changed' }
  | { type: 'object.delete'; path: string }
  | { type: 'deleted.dismiss' }
  | { type: 'blame.open'; target: BlameTarget }
  | { type: 'blame.close' }
  /** Delete the selected objects (lakeFS's deleteObjects), after a confirmation. */
  | { type: 'bulk.delete' }
  /** Download the selected objects as one zip. */
  | { type: 'bulk.download' }
  | { type: 'bulk.dismiss' }
  | { type: 'upload.open' }
  | { type: 'upload.close' }
  /** Ask for the import dialog (it opens through the URL). */
  | { type: 'import.open' }
  /** Close the import dialog, or the notice that it cannot open. */
  | { type: 'import.close' }
  | FilterSettled
  | UploadAnswer
  | StorageReport
  | PoliciesReport
  /** What a change of the route means for the page, raised by the page itself on `route.changed`. */
  | { type: 'repository.changed' }
  | { type: 'folder.changed' }
  | { type: 'importDialog.changed' }
  | { type: 'search.changed' };

/** The permission actor's answer for the page's branch, as it changes (undefined while first asked). */
export type UploadAnswer = { type: 'upload.answer'; allowed: boolean | undefined };

/** The user's policies, as the session knows them now (they load after sign-in). */
export type PoliciesReport = { type: 'policies.changed'; policies: PermissionCheck | null };

/** What the server's storage config says, once the session has read it; `storage.unknown` when it could not. */
export type StorageReport = { type: 'storage.known'; storage: ObjectsStorage } | { type: 'storage.unknown' };

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

/**
 * Calls `follow` with the actor's snapshot now and on each change; what it answers stops following (a callback
 * actor's cleanup).
 */
function following<TSnapshot>(
  actor: { getSnapshot(): TSnapshot; subscribe(observer: (snapshot: TSnapshot) => void): { unsubscribe(): void } },
  follow: (snapshot: TSnapshot) => void,
): () => void {
  follow(actor.getSnapshot());
  const subscription = actor.subscribe(follow);
  return () => subscription.unsubscribe();
}

/** Follows the permission actor's answer for one branch, reporting each change of it. */
const followUploadPermission = fromCallback<EventObject, { permissions: UploadPermissionActorRef; target: BranchTarget }>(
  ({ input, sendBack }) => {
    let last: boolean | undefined | null = null;
    return following(input.permissions, (snapshot) => {
      const allowed = uploadAllowed(snapshot, input.target);
      if (allowed !== last) sendBack({ type: 'upload.answer', allowed } satisfies UploadAnswer);
      last = allowed;
    });
  },
);

/** Reports the server's storage config (StorageReport) once the session has read its settings. */
export const storageOf = fromCallback<EventObject, { session: SessionActorRef }>(({ input, sendBack }) => {
  let reported = false;
  return following(input.session, (snapshot: SessionSnapshot) => {
    if (reported || snapshot.matches({ settings: 'loading' })) return;
    reported = true;
    const storage = snapshot.context.config?.storage_config;
    sendBack((storage ? { type: 'storage.known', storage } : { type: 'storage.unknown' }) satisfies StorageReport);
  });
});

/** Reports the session's policies (PoliciesReport) now and on each change. */
export const policiesOf = fromCallback<EventObject, { session: SessionActorRef }>(({ input, sendBack }) => {
  let last: PermissionCheck | null | undefined;
  return following(input.session, (snapshot: SessionSnapshot) => {
    const policies = snapshot.context.permissions;
    if (policies === last) return;
    last = policies;
    sendBack({ type: 'policies.changed', policies } satisfies PoliciesReport);
  });
});

/** The page's context for what the route knows now. */
function routeContext(input: ObjectsPageInput) {
  return {
    session: input.session,
    repoId: input.repo.id,
    readOnly: input.repo.read_only === true,
    protectedBranch: input.protectedBranch,
    storageNamespace: input.repo.storage_namespace,
    creationDate: input.repo.creation_date,
    refId: input.ref.id,
    refKind: input.ref.kind,
    commitId: input.ref.commitId,
    live: input.live,
    dir: input.path,
    after: input.after,
    search: input.search,
    importRequested: input.importDialog,
    // The loader reads the page the URL names; a search typed since then is the list's to read.
    firstPage: input.listedPrefix === input.path + input.search ? input.firstPage : undefined,
  };
}

/** Where the folder's changes go: an unprotected branch of a writable repository, or nowhere. */
const writableBranch = (
  context: Pick<ObjectsPageContext, 'repoId' | 'refId' | 'refKind' | 'readOnly' | 'protectedBranch'>,
): BranchTarget | undefined =>
  context.refKind === 'branch' && !context.readOnly && !context.protectedBranch ? { repoId: context.repoId, branch: context.refId } : undefined;

/** The URL with the search in effect (replacing the entry, dropping the `after` cursor). */
const searchAt = (search: string): Navigation => ({
  to: '.',
  search: (prev) => ({ ...prev, search: search || undefined, after: undefined }),
  replace: true,
});

/** The URL with the import dialog asked for, or not (closing replaces the entry: Back leaves the page, not the dialog). */
const importDialogAt = (open: boolean): Navigation => ({
  to: '.',
  search: (prev) => ({ ...prev, importDialog: open || undefined }),
  replace: !open,
});

/** What the branch-moved notice watches: the branch shown at the commit read. */
const movedInput = (context: ObjectsPageContext): BranchMovedInput => ({
  live: context.live,
  repoId: context.repoId,
  branch: context.refKind === 'branch' ? context.refId : undefined,
  commitId: context.commitId,
});

const folderSource = (context: ObjectsPageContext): FolderSource => ({
  repoId: context.repoId,
  refId: context.refId,
  startAfter: context.after,
});

export const objectsPageMachine = setup({
  types: {
    input: {} as ObjectsPageInput,
    context: {} as ObjectsPageContext,
    events: {} as ObjectsPageEvent,
  },
  actors: {
    /** The folder's listing; provided with a `fetchPage` that reads a FolderSource. */
    list: pagedListMachine<ObjectStats, FolderSource>(),
    /** The listing's selection; provided with a `listPage` for "Select all in this prefix". */
    selection: objectSelectionMachine,
    filter: debouncedFilterMachine,
    permissions: uploadPermissionMachine,
    followUploadPermission,
    gcWarning: gcWarningMachine,
    /** Reports the server's storage config (StorageReport) once the session knows it. */
    storage: callbackPlaceholder<EventObject, { session: SessionActorRef }>('storage'),
    /** Reports the user's policies (PoliciesReport) now and as they change; the selection judges deletes by them. */
    policies: callbackPlaceholder<EventObject, { session: SessionActorRef }>('policies'),
    upload: uploadQueueMachine,
    import: importMachine,
    deleteObject: confirmDeleteMachine,
    blame: blameMachine,
    bulkDelete: bulkDeleteMachine,
    bulkDownload: bulkDownloadMachine,
    moved: branchMovedMachine,
  },
  actions: {
    ...screenActions,
    reloadList: sendTo('list', { type: 'list.reload' }),
    // Only under the `canChange` guard, which makes sure of a writable branch.
    needPermission: sendTo(
      ({ context }) => context.permissions,
      ({ context }) => ({ type: 'permission.need' as const, repoId: context.repoId, branch: context.refId }),
    ),
    recheckPermission: sendTo(
      ({ context }) => context.permissions,
      ({ context }) => ({ type: 'permission.recheck' as const, repoId: context.repoId, branch: context.refId }),
    ),
    filterList: sendTo('list', ({ context }) => ({ type: 'list.filter' as const, prefix: context.dir + context.search })),
    showFilter: sendTo('filter', ({ context }) => ({ type: 'filter.show' as const, text: context.search })),
    // Rows no longer listed would stay selected unseen.
    clearSelection: sendTo('selection', { type: 'select.clear' }),
    // What could not be deleted stays selected, to try again or look at.
    selectUndeleted: sendTo('selection', (_, summary: BulkDeleteSummary) => ({
      type: 'select.only' as const,
      paths: summary.failures.map((failure) => failure.path).filter((path) => path !== ''),
    })),
  },
  guards: {
    /** Uploads, deletes and imports change a branch: only a branch of a writable repository. */
    canChange: ({ context }) => writableBranch(context) !== undefined,
    isAllowed: (_, allowed: boolean | undefined) => allowed === true,
    isRefused: (_, allowed: boolean | undefined) => allowed === false,
    importSupported: (_, storage: ObjectsStorage) => storage.import_support,
    importRequested: ({ context }) => context.importRequested,
    storageAsked: stateIn({ storage: 'asking' }),
    canImport: and(['canChange', stateIn({ storage: 'supported' })]),
    deleted: (_, output: ConfirmDeleteOutput) => output.deleted,
    hasSelection: ({ context }) => context.selection !== undefined && selectionReady(context.selection.getSnapshot()),
    /** The user's policies refuse none of the selected objects (the Delete button shows the refusal). */
    selectionDeletable: ({ context }) => context.selection !== undefined && bulkDeletePermission(context.selection.getSnapshot()).allowed,
    ran: (_, output: BulkDeleteOutput | BulkDownloadOutput) => output.summary !== undefined,
  },
}).createMachine({
  id: 'objectsPage',
  context: ({ input, spawn }) => ({
    ...routeContext(input),
    storage: null,
    permissions: spawn('permissions', { id: 'permissions' }),
    selection: undefined,
    deletePath: null,
    lastDeleted: null,
    blameTarget: null,
    bulkSummary: null,
  }),
  type: 'parallel',
  on: {
    // Takes what the route knows now, and raises what it means for the regions that follow it.
    'route.changed': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const next = routeContext(event.input);
        enqueue.assign(next);
        if (next.repoId !== context.repoId || next.refId !== context.refId) enqueue.assign({ lastDeleted: null });
        if (next.repoId !== context.repoId) enqueue.raise({ type: 'repository.changed' });
        const folderMoved = (['repoId', 'refId', 'refKind', 'readOnly', 'protectedBranch', 'dir', 'after'] as const).some((key) => next[key] !== context[key]);
        if (folderMoved) enqueue.raise({ type: 'folder.changed' });
        else if (next.search !== context.search) enqueue.raise({ type: 'search.changed' });
        if (folderMoved || next.importRequested !== context.importRequested) enqueue.raise({ type: 'importDialog.changed' });
        if (next.refId !== context.refId || next.commitId !== context.commitId) enqueue.sendTo('moved', { type: 'moved.watch', input: movedInput({ ...context, ...next }) });
      }),
    },
    'objects.changed': { actions: ['reloadList', 'invalidate'] },
    'deleted.dismiss': { actions: assign({ lastDeleted: null }) },
  },
  states: {
    // Whether the branch shown has moved on since the page read it.
    moved: { invoke: { id: 'moved', src: 'moved', input: ({ context }) => movedInput(context) } },
    // The warning of the repository shown; another repository gets its own. (A transition to a child state exits
    // and enters that state alone; `reenter` would start every region of the page over.)
    gcWarning: {
      initial: 'shown',
      on: { 'repository.changed': '.shown' },
      states: {
        shown: {
          invoke: {
            id: 'gcWarning',
            src: 'gcWarning',
            input: ({ context }) => ({ repoId: context.repoId, storageNamespace: context.storageNamespace, creationDate: context.creationDate }),
          },
        },
      },
    },
    // What the server's storage offers, once the session knows.
    storage: {
      initial: 'asking',
      states: {
        asking: {
          invoke: { src: 'storage', input: ({ context }) => ({ session: context.session }) },
          on: {
            'storage.known': [
              {
                guard: { type: 'importSupported', params: ({ event }) => event.storage },
                target: 'supported',
                actions: assign({ storage: ({ event }) => event.storage }),
              },
              { target: 'unsupported', actions: assign({ storage: ({ event }) => event.storage }) },
            ],
            'storage.unknown': 'unreadable',
          },
        },
        supported: {},
        unsupported: {},
        unreadable: {},
      },
    },
    // The import dialog, as the URL asks for it: open where it can open, else the reason why not; while the
    // storage is still being asked, a link waits for the answer.
    importDialog: {
      initial: 'deciding',
      on: { 'importDialog.changed': '.deciding' },
      states: {
        deciding: {
          always: [
            { guard: not('importRequested'), target: 'closed' },
            { guard: 'storageAsked', target: 'waiting' },
            { guard: 'canImport', target: 'open' },
            { target: 'refused' },
          ],
        },
        closed: {
          on: { 'import.open': { guard: 'canImport', actions: { type: 'navigate', params: importDialogAt(true) } } },
        },
        waiting: {
          always: { guard: not('storageAsked'), target: 'deciding' },
        },
        open: {
          invoke: {
            id: 'import',
            src: 'import',
            input: ({ context }) => ({
              repoId: context.repoId,
              branch: context.refId,
              destination: context.dir,
              validityRegex: context.storage?.import_validity_regex ?? '',
              blockstoreType: context.storage?.blockstore_type ?? '',
              namespaceExample: context.storage?.blockstore_namespace_example ?? '',
              live: context.live,
            }),
          },
          on: { 'import.close': { actions: { type: 'navigate', params: importDialogAt(false) } } },
        },
        refused: {
          on: { 'import.close': { actions: { type: 'navigate', params: importDialogAt(false) } } },
        },
      },
    },
    // One folder of one ref: another folder, ref or cursor starts `shown` over.
    folder: {
      initial: 'shown',
      on: { 'folder.changed': '.shown' },
      states: {
        shown: {
          type: 'parallel',
          invoke: [
            {
              id: 'list',
              src: 'list',
              input: ({ context }) => ({
                source: folderSource(context),
                pageSize: PAGE_SIZE,
                prefix: context.dir + context.search,
                startAfter: context.after,
                firstPage: context.firstPage,
              }),
            },
            { id: 'filter', src: 'filter', input: ({ context }) => ({ text: context.search }) },
            { src: 'policies', input: ({ context }) => ({ session: context.session }) },
          ],
          // The selection is the guards' to read (bulk runs need one), hence in the context.
          entry: assign({
            selection: ({ context, spawn }) => spawn('selection', { id: 'selection', input: { repoId: context.repoId, refId: context.refId } }),
          }),
          exit: [stopChild('selection'), assign({ selection: undefined })],
          on: {
            'policies.changed': { actions: sendTo('selection', ({ event }) => ({ type: 'select.policies' as const, policies: event.policies })) },
            // Typing paused on a new search: list it, and put it in the URL.
            'filter.settled': {
              actions: [
                assign({ search: ({ event }) => event.text, after: undefined }),
                'filterList',
                'clearSelection',
                { type: 'navigate', params: ({ event }) => searchAt(event.text) },
              ],
            },
            // The URL's search changed outside the box (the back button): show it and list it.
            'search.changed': { actions: ['showFilter', 'filterList', 'clearSelection'] },
          },
          states: {
            // The Upload button: only on a branch of a writable repository, once the server's preflight allows it.
            upload: {
              initial: 'deciding',
              states: {
                deciding: {
                  always: [{ guard: 'canChange', target: 'asked', actions: 'needPermission' }, { target: 'unavailable' }],
                },
                unavailable: {
                  on: { 'page.refresh': { actions: ['reloadList', 'invalidate'] } },
                },
                // Refresh lists again, reloads the route's data and asks the permission again; the last answer stays
                // until the new one.
                asked: {
                  invoke: {
                    src: 'followUploadPermission',
                    input: ({ context }) => ({ permissions: context.permissions, target: { repoId: context.repoId, branch: context.refId } }),
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
            dialog: {
              initial: 'closed',
              states: {
                closed: {
                  on: {
                    'object.delete': { guard: 'canChange', target: 'deleting', actions: assign({ deletePath: ({ event }) => event.path }) },
                    'blame.open': { target: 'blaming', actions: assign({ blameTarget: ({ event }) => event.target }) },
                    'bulk.delete': { guard: and(['canChange', 'hasSelection', 'selectionDeletable']), target: 'bulkDeleting' },
                    'bulk.download': { guard: 'hasSelection', target: 'bulkDownloading' },
                    'upload.open': { guard: stateIn({ folder: { shown: { upload: { asked: 'allowed' } } } }), target: 'uploading' },
                  },
                },
                // The upload dialog's queue; a run that stored something says so (objects.changed).
                uploading: {
                  invoke: {
                    id: 'upload',
                    src: 'upload',
                    input: ({ context }) => ({
                      repoId: context.repoId,
                      branch: context.refId,
                      prefix: context.dir,
                      readOnly: context.readOnly,
                      storage: context.storage,
                    }),
                  },
                  on: { 'upload.close': 'closed' },
                },
                bulkDeleting: {
                  invoke: {
                    id: 'bulkDelete',
                    src: 'bulkDelete',
                    input: ({ context }) => ({ repoId: context.repoId, branch: context.refId, paths: selectedPaths(context) }),
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
                      paths: selectedPaths(context),
                      archiveName: archiveName(context.repoId, context.refId, context.dir),
                    }),
                    onDone: [
                      {
                        guard: { type: 'ran', params: ({ event }) => event.output },
                        target: 'summary',
                        actions: assign({
                          bulkSummary: ({ event }) => (event.output.summary ? { kind: 'download' as const, ...event.output.summary } : null),
                        }),
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
                    input: ({ context }) => ({
                      target: { kind: 'object' as const, repoId: context.repoId, branch: context.refId, path: context.deletePath ?? '' },
                    }),
                    onDone: [
                      {
                        guard: { type: 'deleted', params: ({ event }) => event.output },
                        target: 'closed',
                        actions: ['reloadList', 'invalidate', assign({ lastDeleted: ({ context }) => context.deletePath, deletePath: null })],
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
        },
      },
    },
  },
});

/** The selected paths, as the folder's selection holds them when a bulk run starts. */
function selectedPaths(context: ObjectsPageContext): readonly string[] {
  return context.selection?.getSnapshot().context.selected ?? [];
}

export type ObjectsPageActorRef = ActorRefFrom<typeof objectsPageMachine>;
export type ObjectsPageSnapshot = SnapshotFrom<typeof objectsPageMachine>;

/** The folder's listing (one per folder shown). */
export function listFlow(snapshot: ObjectsPageSnapshot): PagedListActorRef<ObjectStats, FolderSource> | undefined {
  return snapshot.children.list as PagedListActorRef<ObjectStats, FolderSource> | undefined;
}

export function selectionFlow(snapshot: ObjectsPageSnapshot): ObjectSelectionActorRef | undefined {
  return snapshot.context.selection;
}

/** The search box. */
export function filterFlow(snapshot: ObjectsPageSnapshot): DebouncedFilterActorRef | undefined {
  return snapshot.children.filter as DebouncedFilterActorRef | undefined;
}

export function gcWarningFlow(snapshot: ObjectsPageSnapshot): GcWarningActorRef | undefined {
  return snapshot.children.gcWarning as GcWarningActorRef | undefined;
}

/** The notice that the branch shown has moved on. */
export function branchMovedFlow(snapshot: ObjectsPageSnapshot): BranchMovedActorRef | undefined {
  return snapshot.children.moved as BranchMovedActorRef | undefined;
}

/** The open upload dialog's queue, if any. */
export function uploadFlow(snapshot: ObjectsPageSnapshot): UploadQueueActorRef | undefined {
  return snapshot.children.upload as UploadQueueActorRef | undefined;
}

/** The open import dialog's flow, if any. */
export function importFlow(snapshot: ObjectsPageSnapshot): ImportActorRef | undefined {
  return snapshot.children.import as ImportActorRef | undefined;
}

/** The open delete dialog's flow, if any. */
export function deleteObjectFlow(snapshot: ObjectsPageSnapshot): ConfirmDeleteActorRef | undefined {
  return snapshot.children.deleteObject as ConfirmDeleteActorRef | undefined;
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
  const { readOnly, refKind, refId, protectedBranch } = snapshot.context;
  if (readOnly) return UPLOAD_READ_ONLY;
  if (refKind !== 'branch') return UPLOAD_NEEDS_BRANCH;
  if (protectedBranch) return protectedBranchReason(refId);
  if (snapshot.matches({ folder: { shown: { upload: { asked: 'allowed' } } } })) return undefined;
  return snapshot.matches({ folder: { shown: { upload: { asked: 'refused' } } } }) ? UPLOAD_REFUSED : UPLOAD_CHECKING;
}

/** Why Import is disabled on this page (the user's own policies aside), or undefined when it works. */
export function importRefusal(snapshot: ObjectsPageSnapshot): string | undefined {
  const { readOnly, refKind, refId, protectedBranch } = snapshot.context;
  if (snapshot.matches({ storage: 'unsupported' })) return IMPORT_UNSUPPORTED;
  if (snapshot.matches({ storage: 'unreadable' })) return IMPORT_CONFIG_UNREADABLE;
  if (readOnly) return IMPORT_READ_ONLY;
  if (refKind !== 'branch') return IMPORT_NEEDS_BRANCH;
  if (protectedBranch) return protectedBranchReason(refId);
  return snapshot.matches({ storage: 'asking' }) ? IMPORT_CHECKING : undefined;
}

/** Whether the Import button works: it opens the dialog where the page can import, and stays on while it is open. */
export function importOffered(snapshot: ObjectsPageSnapshot): boolean {
  return snapshot.matches({ importDialog: 'open' }) || snapshot.can({ type: 'import.open' });
}

/** Whether the page offers changing objects (delete, bulk delete): only on an unprotected branch of a writable repository. */
export function changesAllowed(snapshot: ObjectsPageSnapshot): boolean {
  return writableBranch(snapshot.context) !== undefined;
}
