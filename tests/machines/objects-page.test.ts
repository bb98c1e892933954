import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type AnyActorRef, type EventObject } from 'xstate';
import type { Commit, ObjectErrorList, ObjectStats, Page } from '../../src/api/types';
import type { BlameInput } from '../../src/machines/blame';
import { blameMachine } from '../../src/machines/blame';
import { bulkDeleteMachine, type DeleteChunkInput } from '../../src/machines/bulk-delete';
import { bulkDownloadMachine, type ZipRunEvent, type ZipRunInput, type ZipTarget } from '../../src/machines/bulk-download';
import { confirmDeleteMachine, type DeleteTarget } from '../../src/machines/confirm-delete';
import { gcWarningMachine } from '../../src/machines/gc-warning';
import { importMachine } from '../../src/machines/import';
import { bulkDeletePermission, objectSelectionMachine } from '../../src/machines/object-selection';
import {
  objectsPageMachine,
  blameFlow,
  bulkDeleteFlow,
  bulkDownloadFlow,
  changesAllowed,
  deleteObjectFlow,
  filterFlow,
  gcWarningFlow,
  importFlow,
  IMPORT_CHECKING,
  IMPORT_CONFIG_UNREADABLE,
  IMPORT_NEEDS_BRANCH,
  IMPORT_READ_ONLY,
  IMPORT_UNSUPPORTED,
  importOffered,
  importRefusal,
  listFlow,
  selectionFlow,
  uploadFlow,
  UPLOAD_CHECKING,
  UPLOAD_NEEDS_BRANCH,
  UPLOAD_READ_ONLY,
  UPLOAD_REFUSED,
  uploadRefusal,
  type FolderSource,
  type ObjectsPageInput,
  type ObjectsStorage,
  type StorageReport,
  type PoliciesReport,
} from '../../src/machines/objects-page';
import type { PermissionCheck, SessionActorRef } from '../../src/machines/session';
import { uploadPermissionMachine, type PermissionCheckInput, type UploadPermissionEvent } from '../../src/machines/upload-permission/machine';
import { uploadQueueMachine } from '../../src/machines/upload-queue';
import { pagedListMachine, pagedListView, type PageRequest } from '../../src/machines/paged-list';
import { protectedBranchReason } from '../../src/lib/branch-protection';
import { routerSpy } from './screen';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(objectsPageMachine);

const entry = (path: string): ObjectStats => ({ path, path_type: 'object', size_bytes: 1, physical_address: 'p', checksum: 'x', mtime: 1 });
const pageOf = (...paths: string[]): Page<ObjectStats> => ({
  results: paths.map(entry),
  pagination: { has_more: false, next_offset: '', results: paths.length, max_per_page: 100 },
});

const storageConfig = (importSupport: boolean): ObjectsStorage => ({
  blockstore_type: 'local',
  blockstore_namespace_example: 'local://example',
  import_support: importSupport,
  import_validity_regex: '^local://',
  pre_sign_support_ui: false,
});
const supported: StorageReport = { type: 'storage.known', storage: storageConfig(true) };

/** The page's input for the folder data/ of branch main of a writable repository, as the route gives it. */
const routeInput = (change: Partial<ObjectsPageInput> = {}): ObjectsPageInput => ({
  session: {} as SessionActorRef,
  repo: { id: 'lake', read_only: false, storage_namespace: 'local://lake', creation_date: 1 },
  ref: { id: 'main', kind: 'branch' },
  protectedBranch: false,
  path: 'data/',
  search: '',
  importDialog: false,
  firstPage: pageOf('data/a.csv'),
  listedPrefix: 'data/',
  ...change,
});

/**
 * An objects page over fakes. Its permission actor is the real one, the preflight answering `allowed` ('pending':
 * never); the server's storage reports `storage` at once ('pending': only when the test says).
 */
function start(
  input: Partial<ObjectsPageInput> = {},
  {
    allowed = true,
    storage = supported,
    policies = null,
  }: { allowed?: boolean | 'pending'; storage?: StorageReport | 'pending'; policies?: PermissionCheck | null } = {},
) {
  const listed: PageRequest<FolderSource>[] = [];
  const deleted: DeleteTarget[] = [];
  const deleteRequests: DeleteChunkInput[] = [];
  const zipRuns: ZipRunInput[] = [];
  const gcWarnings: string[] = [];
  /** What the save dialog answers: a target, or null when the user closes it. */
  let saveTo: ZipTarget | null = { write: async () => undefined };
  /** The preflights the permission actor made, by branch. */
  const permissionChecks: string[] = [];
  let reportStorage: (report: StorageReport) => void = () => undefined;
  const router = routerSpy({ ref: 'main', path: 'data/' });
  const machine = objectsPageMachine.provide({
    actors: {
      list: pagedListMachine<ObjectStats, FolderSource>().provide({
        actors: {
          fetchPage: fromPromise<Page<ObjectStats>, PageRequest<FolderSource>>(async ({ input: request }) => {
            listed.push(request);
            return pageOf(`${request.prefix}x`);
          }),
        },
      }),
      permissions: uploadPermissionMachine.provide({
        actors: {
          checkBranch: fromCallback<UploadPermissionEvent, PermissionCheckInput>(({ input: check, sendBack }) => {
            permissionChecks.push(check.branch);
            if (allowed !== 'pending') sendBack({ type: 'permission.answer', key: check.key, allowed });
          }),
        },
      }),
      gcWarning: gcWarningMachine.provide({
        actors: {
          hasGcRules: fromPromise<boolean, { repoId: string }>(async ({ input: { repoId } }) => {
            gcWarnings.push(repoId);
            return true;
          }),
        },
        guards: { dismissed: () => false },
      }),
      deleteObject: confirmDeleteMachine.provide({
        actors: {
          remove: fromPromise<void, DeleteTarget>(async ({ input: request }) => {
            deleted.push(request);
          }),
        },
      }),
      blame: blameMachine.provide({
        actors: { lastCommit: fromPromise<Commit | undefined, BlameInput>(() => new Promise(() => undefined)) },
      }),
      selection: objectSelectionMachine,
      bulkDelete: bulkDeleteMachine.provide({
        actors: {
          deleteChunk: fromPromise<ObjectErrorList, DeleteChunkInput>(async ({ input: request }) => {
            deleteRequests.push(request);
            return { errors: [{ path: 'data/b.csv', status_code: 401, message: 'not allowed' }] };
          }),
        },
      }),
      bulkDownload: bulkDownloadMachine.provide({
        actors: {
          chooseTarget: fromPromise<ZipTarget | null, { archiveName: string }>(async () => saveTo),
          zip: fromCallback<ZipRunEvent, ZipRunInput>(({ input: run, sendBack }) => {
            zipRuns.push(run);
            sendBack({ type: 'zip.progress', files: run.paths.length, bytes: 3 });
            sendBack({ type: 'zip.done' });
          }),
        },
      }),
      upload: uploadQueueMachine,
      import: importMachine,
      policies: fromCallback<EventObject, { session: SessionActorRef }>(({ sendBack }) => {
        sendBack({ type: 'policies.changed', policies } satisfies PoliciesReport);
      }),
      storage: fromCallback<EventObject, { session: SessionActorRef }>(({ sendBack }) => {
        reportStorage = sendBack;
        if (storage !== 'pending') sendBack(storage);
      }),
    },
    actions: router.actions,
  });
  let current = routeInput(input);
  const actor = createActor(machine, { input: current, inspect: coverage.inspect }).start();
  const list = () => pagedListView(listFlow(actor.getSnapshot())!.getSnapshot());
  const selection = () => selectionFlow(actor.getSnapshot())!;
  const permissions = () => actor.getSnapshot().context.permissions;
  const declineSave = () => {
    saveTo = null;
  };
  /** The route tells of a change: what it knows now is `change` over what it knew. */
  const route = (change: Partial<ObjectsPageInput>) => {
    current = { ...current, ...change };
    actor.send({ type: 'route.changed', input: current });
  };
  return {
    actor,
    listed,
    deleted,
    router,
    permissionChecks,
    permissions,
    reportStorage: (report: StorageReport) => reportStorage(report),
    list,
    selection,
    deleteRequests,
    zipRuns,
    declineSave,
    gcWarnings,
    route,
  };
}

describe('objects page machine', () => {
  it('opens on the loader first page without a request, and asks the permission of its branch', () => {
    const { list, listed, permissionChecks } = start();
    expect(list().rows.map((r) => (r as ObjectStats).path)).toEqual(['data/a.csv']);
    expect(listed).toEqual([]);
    expect(permissionChecks).toEqual(['main']);
  });

  it.each([
    [{ ref: { id: 'v1', kind: 'tag' as const } }, UPLOAD_NEEDS_BRANCH],
    [{ repo: { id: 'lake', read_only: true, storage_namespace: 'local://lake', creation_date: 1 } }, UPLOAD_READ_ONLY],
    [{ protectedBranch: true }, protectedBranchReason('main')],
  ])('asks no permission and offers no upload or delete when %o', async (input, reason) => {
    const { actor, permissionChecks, router, listed } = start(input);
    expect(permissionChecks).toEqual([]);
    expect(changesAllowed(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().can({ type: 'upload.open' })).toBe(false);
    expect(uploadRefusal(actor.getSnapshot())).toBe(reason);
    actor.send({ type: 'object.delete', path: 'data/a.csv' });
    expect(deleteObjectFlow(actor.getSnapshot())).toBeUndefined();
    actor.send({ type: 'page.refresh' });
    expect(permissionChecks).toEqual([]);
    expect(router.invalidations()).toBe(1);
    await vi.waitFor(() => expect(listed).toHaveLength(1), { timeout: 5000 });
  });

  describe('upload', () => {
    it('waits for the preflight, then opens the upload queue as a child and closes it', () => {
      const { actor } = start();
      expect(actor.getSnapshot().matches({ folder: { shown: { upload: { asked: 'allowed' } } } })).toBe(true);
      expect(uploadRefusal(actor.getSnapshot())).toBeUndefined();
      actor.send({ type: 'upload.open' });
      expect(uploadFlow(actor.getSnapshot())?.getSnapshot().context).toMatchObject({ repoId: 'lake', branch: 'main', prefix: 'data/' });
      actor.send({ type: 'upload.close' });
      expect(actor.getSnapshot().matches({ folder: { shown: { dialog: 'closed' } } })).toBe(true);
      expect(uploadFlow(actor.getSnapshot())).toBeUndefined();
    });

    it('says it is checking until the preflight answers, and why not when it refuses', () => {
      const pending = start({}, { allowed: 'pending' });
      expect(pending.actor.getSnapshot().can({ type: 'upload.open' })).toBe(false);
      expect(uploadRefusal(pending.actor.getSnapshot())).toBe(UPLOAD_CHECKING);
      pending.permissions().send({ type: 'permission.answer', key: 'lake\u0000main', allowed: false });
      expect(uploadRefusal(pending.actor.getSnapshot())).toBe(UPLOAD_REFUSED);
      pending.actor.send({ type: 'upload.open' });
      expect(pending.actor.getSnapshot().matches({ folder: { shown: { dialog: 'closed' } } })).toBe(true);
      pending.permissions().send({ type: 'permission.answer', key: 'lake\u0000main', allowed: true });
      expect(pending.actor.getSnapshot().can({ type: 'upload.open' })).toBe(true);
      // An answer that is not one yet (as the actor never sends once it has answered) goes back to checking.
      pending.actor.send({ type: 'upload.answer', allowed: undefined });
      expect(uploadRefusal(pending.actor.getSnapshot())).toBe(UPLOAD_CHECKING);
    });

    it('lists again and reloads the route when the queue says it stored objects', async () => {
      const { actor, listed, router } = start();
      actor.send({ type: 'upload.open' });
      // What the queue sends its parent once a run stored something.
      uploadFlow(actor.getSnapshot())!._parent!.send({ type: 'objects.changed' });
      await vi.waitFor(() => expect(listed).toHaveLength(1), { timeout: 5000 });
      expect(router.invalidations()).toBe(1);
    });
  });

  describe('import', () => {
    it('asks for the import dialog through the URL, opens it as a child when the URL says so, and closes it there', () => {
      const { actor, router, route } = start();
      expect(importOffered(actor.getSnapshot())).toBe(true);
      expect(importRefusal(actor.getSnapshot())).toBeUndefined();
      actor.send({ type: 'import.open' });
      expect(router.navigations).toEqual([
        { to: '.', params: undefined, search: { ref: 'main', path: 'data/', importDialog: true }, replace: false },
      ]);
      route({ importDialog: true });
      // The button stays on while its dialog is open.
      expect(importOffered(actor.getSnapshot())).toBe(true);
      expect(importFlow(actor.getSnapshot())?.getSnapshot().context).toMatchObject({
        repoId: 'lake',
        branch: 'main',
        destination: 'data/',
        validityRegex: '^local://',
      });
      actor.send({ type: 'import.close' });
      expect(router.navigations[1]).toEqual({ to: '.', params: undefined, search: { ref: 'main', path: 'data/' }, replace: true });
      route({ importDialog: false });
      expect(importFlow(actor.getSnapshot())).toBeUndefined();
      expect(actor.getSnapshot().matches({ importDialog: 'closed' })).toBe(true);
    });

    it('keeps an open import through a reload of the route data (the import reloads it when it commits)', () => {
      const { actor, route } = start({ importDialog: true });
      const running = importFlow(actor.getSnapshot());
      expect(running).toBeDefined();
      route({ firstPage: pageOf('data/a.csv', 'data/imported.csv') });
      expect(importFlow(actor.getSnapshot())).toBe(running);
    });

    it('waits for the storage config, then says why it cannot import', () => {
      const { actor, reportStorage, router } = start({}, { storage: 'pending' });
      expect(importRefusal(actor.getSnapshot())).toBe(IMPORT_CHECKING);
      expect(importOffered(actor.getSnapshot())).toBe(false);
      reportStorage({ type: 'storage.known', storage: storageConfig(false) });
      expect(importOffered(actor.getSnapshot())).toBe(false);
      expect(importRefusal(actor.getSnapshot())).toBe(IMPORT_UNSUPPORTED);
      actor.send({ type: 'import.open' });
      expect(router.navigations).toEqual([]);
    });

    it('opens from a link once the storage config says it can, or says why it cannot', () => {
      const opening = start({ importDialog: true }, { storage: 'pending' });
      expect(opening.actor.getSnapshot().matches({ importDialog: 'waiting' })).toBe(true);
      opening.reportStorage(supported);
      expect(importFlow(opening.actor.getSnapshot())).toBeDefined();

      const refused = start({ importDialog: true, ref: { id: 'v1', kind: 'tag' } });
      expect(refused.actor.getSnapshot().matches({ importDialog: 'refused' })).toBe(true);
      expect(importRefusal(refused.actor.getSnapshot())).toBe(IMPORT_NEEDS_BRANCH);
      refused.actor.send({ type: 'import.close' });
      expect(refused.router.navigations.at(-1)?.search).toEqual({ ref: 'main', path: 'data/' });
    });

    it('says so when the storage config could not be read', () => {
      const { actor } = start({}, { storage: { type: 'storage.unknown' } });
      expect(actor.getSnapshot().can({ type: 'import.open' })).toBe(false);
      expect(importRefusal(actor.getSnapshot())).toBe(IMPORT_CONFIG_UNREADABLE);
    });

    it.each([
      [{ ref: { id: 'v1', kind: 'tag' as const } }, IMPORT_NEEDS_BRANCH],
      [{ repo: { id: 'lake', read_only: true, storage_namespace: 'local://lake', creation_date: 1 } }, IMPORT_READ_ONLY],
      [{ protectedBranch: true }, protectedBranchReason('main')],
    ])('imports only into an unprotected branch of a writable repository: %o', (input, reason) => {
      const { actor, router } = start(input);
      expect(actor.getSnapshot().can({ type: 'import.open' })).toBe(false);
      expect(importRefusal(actor.getSnapshot())).toBe(reason);
      actor.send({ type: 'import.open' });
      expect(router.navigations).toEqual([]);
    });
  });

  it('lists without a first page from the loader', async () => {
    const { actor, listed } = start({ firstPage: undefined, after: 'data/0' });
    await waitFor(listFlow(actor.getSnapshot()) as AnyActorRef, (s) => s.matches('ready'), { timeout: 5000 });
    expect(listed).toEqual([
      { after: 'data/0', prefix: 'data/', amount: 100, source: { repoId: 'lake', refId: 'main', startAfter: 'data/0' } },
    ]);
  });

  describe('route changes', () => {
    it('starts the folder over for another folder: a new listing from the loader page, a new selection and search', () => {
      const { actor, route, selection, listed } = start();
      const firstList = listFlow(actor.getSnapshot());
      selection().send({ type: 'select.toggle', path: 'data/a.csv' });
      route({ path: 'data/sub/', firstPage: pageOf('data/sub/z.csv'), listedPrefix: 'data/sub/' });
      expect(listFlow(actor.getSnapshot())).not.toBe(firstList);
      expect(pagedListView(listFlow(actor.getSnapshot())!.getSnapshot()).rows).toEqual([entry('data/sub/z.csv')]);
      expect(selection().getSnapshot().context.selected).toEqual([]);
      expect(listed).toEqual([]);
    });

    it('asks the warning of another repository, and keeps it across folders', async () => {
      const { actor, route, gcWarnings } = start({
        repo: { id: 'lake', read_only: false, storage_namespace: 's3://bucket/lake', creation_date: 1 },
      });
      await vi.waitFor(() => expect(gcWarnings).toEqual(['lake']), { timeout: 5000 });
      const warning = gcWarningFlow(actor.getSnapshot());
      route({ path: 'data/sub/' });
      expect(gcWarningFlow(actor.getSnapshot())).toBe(warning);
      route({ repo: { id: 'pond', read_only: false, storage_namespace: 's3://bucket/pond', creation_date: 1 }, path: '' });
      await vi.waitFor(() => expect(gcWarnings).toEqual(['lake', 'pond']), { timeout: 5000 });
    });

    it('keeps the listing when only the loader read again (the page reloads its list itself)', () => {
      const { actor, route } = start();
      const list = listFlow(actor.getSnapshot());
      route({ firstPage: pageOf('data/a.csv', 'data/b.csv') });
      expect(listFlow(actor.getSnapshot())).toBe(list);
    });
  });

  describe('search', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    const type = (actor: ReturnType<typeof start>['actor'], text: string) =>
      filterFlow(actor.getSnapshot())!.send({ type: 'filter.input', text });

    it('takes effect 300 ms after the last keystroke: one listing and one URL update', async () => {
      const { actor, listed, router } = start({ after: 'data/0' });
      type(actor, 'b');
      vi.advanceTimersByTime(200);
      type(actor, 'be');
      vi.advanceTimersByTime(299);
      expect(listed).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(router.navigations).toEqual([{ to: '.', params: undefined, search: { ref: 'main', path: 'data/', search: 'be' }, replace: true }]);
      expect(listed).toEqual([
        { after: undefined, prefix: 'data/be', amount: 100, source: { repoId: 'lake', refId: 'main', startAfter: 'data/0' } },
      ]);
      expect(actor.getSnapshot().context).toMatchObject({ search: 'be', after: undefined });
    });

    it('does nothing when the text comes back to the search in effect', () => {
      const { actor, listed, router } = start({ search: 'be', listedPrefix: 'data/be' });
      type(actor, 'b');
      type(actor, 'be');
      vi.advanceTimersByTime(300);
      expect(listed).toEqual([]);
      expect(router.navigations).toEqual([]);
    });

    it('follows a search the URL changed (the back button), but not the echo of its own', () => {
      const { actor, listed, route } = start();
      type(actor, 'be');
      vi.advanceTimersByTime(300);
      route({ search: 'be' });
      expect(listed).toHaveLength(1);
      route({ search: '' });
      expect(filterFlow(actor.getSnapshot())!.getSnapshot().context.text).toBe('');
      expect(listed.at(-1)).toMatchObject({ prefix: 'data/' });
      expect(listed).toHaveLength(2);
    });
  });

  it('refreshes: lists again, asks the permission again and reloads the loaders', async () => {
    const { actor, listed, router, permissionChecks } = start();
    actor.send({ type: 'page.refresh' });
    await vi.waitFor(() => expect(listed).toHaveLength(1), { timeout: 5000 });
    expect(router.invalidations()).toBe(1);
    expect(permissionChecks).toEqual(['main', 'main']);
    actor.send({ type: 'objects.changed' });
    await vi.waitFor(() => expect(listed).toHaveLength(2), { timeout: 5000 });
    expect(router.invalidations()).toBe(2);
  });

  it('deletes an object after confirmation, then lists again; a cancelled delete changes nothing', async () => {
    const { actor, deleted, listed, router } = start();
    actor.send({ type: 'object.delete', path: 'data/a.csv' });
    deleteObjectFlow(actor.getSnapshot())!.send({ type: 'delete.cancel' });
    expect(deleteObjectFlow(actor.getSnapshot())).toBeUndefined();
    expect(router.invalidations()).toBe(0);

    actor.send({ type: 'object.delete', path: 'data/a.csv' });
    expect(actor.getSnapshot().context.deletePath).toBe('data/a.csv');
    deleteObjectFlow(actor.getSnapshot())!.send({ type: 'delete.confirm' });
    await waitFor(actor, (s) => s.matches({ folder: { shown: { dialog: 'closed' } } }), { timeout: 5000 });
    expect(deleted).toEqual([{ kind: 'object', repoId: 'lake', branch: 'main', path: 'data/a.csv' }]);
    expect(router.invalidations()).toBe(1);
    await vi.waitFor(() => expect(listed).toHaveLength(1), { timeout: 5000 });
    // The receipt of the delete stays until dismissed.
    expect(actor.getSnapshot().context.lastDeleted).toBe('data/a.csv');
    actor.send({ type: 'deleted.dismiss' });
    expect(actor.getSnapshot().context.lastDeleted).toBeNull();
  });

  it('opens and closes the blame of an entry', () => {
    const { actor } = start();
    actor.send({ type: 'blame.open', target: { path: 'data/', pathType: 'common_prefix' } });
    expect(blameFlow(actor.getSnapshot())?.getSnapshot().context.target).toEqual({ path: 'data/', pathType: 'common_prefix' });
    actor.send({ type: 'blame.close' });
    expect(blameFlow(actor.getSnapshot())).toBeUndefined();
  });

  describe('bulk operations', () => {
    it('deletes the selection after confirming, sums up, keeps what was refused selected and lists again', async () => {
      const { actor, selection, deleteRequests, listed, router } = start();
      actor.send({ type: 'bulk.delete' });
      expect(bulkDeleteFlow(actor.getSnapshot())).toBeUndefined();
      selection().send({ type: 'select.page', paths: ['data/a.csv', 'data/b.csv'], checked: true });

      actor.send({ type: 'bulk.delete' });
      bulkDeleteFlow(actor.getSnapshot())!.send({ type: 'delete.cancel' });
      await waitFor(actor, (s) => s.matches({ folder: { shown: { dialog: 'closed' } } }), { timeout: 5000 });
      expect(deleteRequests).toEqual([]);

      actor.send({ type: 'bulk.delete' });
      bulkDeleteFlow(actor.getSnapshot())!.send({ type: 'delete.confirm' });
      const summary = await waitFor(actor, (s) => s.matches({ folder: { shown: { dialog: 'summary' } } }), { timeout: 5000 });
      expect(deleteRequests).toEqual([{ repoId: 'lake', branch: 'main', paths: ['data/a.csv', 'data/b.csv'] }]);
      expect(summary.context.bulkSummary).toMatchObject({ kind: 'delete', total: 2, deleted: 1, failures: [{ path: 'data/b.csv' }] });
      expect(selection().getSnapshot().context.selected).toEqual(['data/b.csv']);
      expect(router.invalidations()).toBe(1);
      await vi.waitFor(() => expect(listed).toHaveLength(1), { timeout: 5000 });
      actor.send({ type: 'bulk.dismiss' });
      expect(actor.getSnapshot().context.bulkSummary).toBeNull();
      expect(actor.getSnapshot().matches({ folder: { shown: { dialog: 'closed' } } })).toBe(true);
    });

    it('runs no bulk delete of a selection the user’s policies refuse in part', () => {
      const policies: PermissionCheck = (action, resource) => !(action === 'fs:DeleteObject' && resource.endsWith('/object/data/b.csv'));
      const { actor, selection } = start({}, { policies });
      selection().send({ type: 'select.page', paths: ['data/a.csv', 'data/b.csv'], checked: true });
      actor.send({ type: 'bulk.delete' });
      expect(bulkDeleteFlow(actor.getSnapshot())).toBeUndefined();
      expect(bulkDeletePermission(selection().getSnapshot()).reason).toBe('Not allowed: you need the fs:DeleteObject permission');
      selection().send({ type: 'select.toggle', path: 'data/b.csv' });
      actor.send({ type: 'bulk.delete' });
      expect(bulkDeleteFlow(actor.getSnapshot())).toBeDefined();
    });

    it.each([
      { ref: { id: 'v1', kind: 'tag' as const } },
      { repo: { id: 'lake', read_only: true, storage_namespace: 'local://lake', creation_date: 1 } },
    ])('offers no bulk delete when %o, but downloads', async (input) => {
      const { actor, selection, zipRuns } = start(input);
      selection().send({ type: 'select.toggle', path: 'data/a.csv' });
      actor.send({ type: 'bulk.delete' });
      expect(bulkDeleteFlow(actor.getSnapshot())).toBeUndefined();
      actor.send({ type: 'bulk.download' });
      const summary = await waitFor(actor, (s) => s.matches({ folder: { shown: { dialog: 'summary' } } }), { timeout: 5000 });
      expect(zipRuns).toMatchObject([{ repoId: 'lake', dir: 'data/', paths: ['data/a.csv'] }]);
      expect(summary.context.bulkSummary).toMatchObject({ kind: 'download', files: 1, bytes: 3, failures: [] });
    });

    it('downloads nothing without a selection or when the save dialog is closed', async () => {
      const { actor, selection, zipRuns, declineSave } = start();
      actor.send({ type: 'bulk.download' });
      expect(bulkDownloadFlow(actor.getSnapshot())).toBeUndefined();
      selection().send({ type: 'select.toggle', path: 'data/a.csv' });
      declineSave();
      actor.send({ type: 'bulk.download' });
      expect(bulkDownloadFlow(actor.getSnapshot())).toBeDefined();
      await waitFor(actor, (s) => s.matches({ folder: { shown: { dialog: 'closed' } } }), { timeout: 5000 });
      expect(zipRuns).toEqual([]);
      expect(actor.getSnapshot().context.bulkSummary).toBeNull();
    });

    it('clears the selection when a search changes what is listed', () => {
      vi.useFakeTimers();
      try {
        const { actor, selection } = start();
        selection().send({ type: 'select.toggle', path: 'data/a.csv' });
        filterFlow(actor.getSnapshot())!.send({ type: 'filter.input', text: 'b' });
        vi.advanceTimersByTime(300);
        expect(selection().getSnapshot().context.selected).toEqual([]);
      } finally {
        vi.useRealTimers();
      }
    });
  });

  it('takes every transition', () => coverage.expectAllTaken());
});
