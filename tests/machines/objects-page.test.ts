import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type AnyActorRef, type EventObject } from 'xstate';
import type { Commit, ObjectErrorList, ObjectStats, Page } from '../../src/api/types';
import type { BlameInput } from '../../src/machines/blame';
import { blameMachine } from '../../src/machines/blame';
import { bulkDeleteMachine, type DeleteChunkInput } from '../../src/machines/bulk-delete';
import { bulkDownloadMachine, type ZipRunEvent, type ZipRunInput, type ZipTarget } from '../../src/machines/bulk-download';
import { deleteObjectMachine, type DeleteObjectInput } from '../../src/machines/delete-object';
import { objectSelectionMachine } from '../../src/machines/object-selection';
import {
  objectsPageMachine,
  blameFlow,
  bulkDeleteFlow,
  bulkDownloadFlow,
  canDeleteObjects,
  deleteObjectFlow,
  IMPORT_CHECKING,
  IMPORT_CONFIG_UNREADABLE,
  IMPORT_NEEDS_BRANCH,
  IMPORT_READ_ONLY,
  IMPORT_UNSUPPORTED,
  importPending,
  importRefusal,
  UPLOAD_CHECKING,
  UPLOAD_NEEDS_BRANCH,
  UPLOAD_READ_ONLY,
  UPLOAD_REFUSED,
  uploadRefusal,
  type ObjectsPageInput,
  type StorageReport,
} from '../../src/machines/objects-page';
import { uploadPermissionMachine, type PermissionCheckInput, type UploadPermissionEvent } from '../../src/machines/upload-permission/machine';
import { pagedListMachine, pagedListView, type PageRequest } from '../../src/machines/paged-list';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(objectsPageMachine);

const entry = (path: string): ObjectStats => ({ path, path_type: 'object', size_bytes: 1, physical_address: 'p', checksum: 'x', mtime: 1 });
const pageOf = (...paths: string[]): Page<ObjectStats> => ({
  results: paths.map(entry),
  pagination: { has_more: false, next_offset: '', results: paths.length, max_per_page: 100 },
});

/**
 * An objects page over fakes. The route's permission actor is the real one, its preflight answering `allowed`
 * ('pending': never); the server's storage reports `storage` at once ('pending': only when the test says).
 */
function start(
  input: Partial<ObjectsPageInput> = {},
  {
    allowed = true,
    storage = { type: 'storage.known', importSupport: true },
  }: { allowed?: boolean | 'pending'; storage?: StorageReport | 'pending' } = {},
) {
  const listed: PageRequest[] = [];
  const deleted: DeleteObjectInput[] = [];
  const calls: string[] = [];
  const deleteRequests: DeleteChunkInput[] = [];
  const zipRuns: ZipRunInput[] = [];
  /** What the save dialog answers: a target, or null when the user closes it. */
  let saveTo: ZipTarget | null = { write: async () => undefined };
  /** The preflights the permission actor made, by branch. */
  const permissionChecks: string[] = [];
  const permissions = createActor(
    uploadPermissionMachine.provide({
      actors: {
        checkBranch: fromCallback<UploadPermissionEvent, PermissionCheckInput>(({ input: check, sendBack }) => {
          permissionChecks.push(check.branch);
          if (allowed !== 'pending') sendBack({ type: 'permission.answer', key: check.key, allowed });
        }),
      },
    }),
  ).start();
  let reportStorage: (report: StorageReport) => void = () => undefined;
  const opened: string[] = [];
  const machine = objectsPageMachine.provide({
    actors: {
      list: pagedListMachine<ObjectStats>().provide({
        actors: {
          fetchPage: fromPromise<Page<ObjectStats>, PageRequest>(async ({ input: request }) => {
            listed.push(request);
            return pageOf(`${request.prefix}x`);
          }),
        },
      }),
      deleteObject: deleteObjectMachine.provide({
        actors: {
          deleteObject: fromPromise<void, DeleteObjectInput>(async ({ input: request }) => {
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
      storageSupport: fromCallback<EventObject>(({ sendBack }) => {
        reportStorage = sendBack;
        if (storage !== 'pending') sendBack(storage);
      }),
    },
    actions: {
      invalidate: () => calls.push('invalidate'),
      showSearch: (_, { search }) => calls.push(`showSearch ${search}`),
      showImport: () => opened.push('import'),
    },
  });
  const actor = createActor(machine, {
    input: {
      repoId: 'lake',
      refId: 'main',
      refKind: 'branch',
      readOnly: false,
      dir: 'data/',
      search: '',
      firstPage: pageOf('data/a.csv'),
      permissions,
      ...input,
    },
    inspect: coverage.inspect,
  }).start();
  const list = () => pagedListView(actor.getSnapshot().context.list.getSnapshot() as never);
  const selection = () => actor.getSnapshot().context.selection;
  const declineSave = () => {
    saveTo = null;
  };
  return {
    actor,
    listed,
    deleted,
    calls,
    permissionChecks,
    permissions,
    reportStorage: (report: StorageReport) => reportStorage(report),
    opened,
    list,
    selection,
    deleteRequests,
    zipRuns,
    declineSave,
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
    [{ refKind: 'tag' as const }, UPLOAD_NEEDS_BRANCH],
    [{ readOnly: true }, UPLOAD_READ_ONLY],
  ])('asks no permission and offers no upload or delete when %o', async (input, reason) => {
    const { actor, permissionChecks, calls, listed } = start(input);
    expect(permissionChecks).toEqual([]);
    expect(canDeleteObjects(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().can({ type: 'upload.open' })).toBe(false);
    expect(uploadRefusal(actor.getSnapshot())).toBe(reason);
    actor.send({ type: 'object.delete', path: 'data/a.csv' });
    expect(deleteObjectFlow(actor.getSnapshot())).toBeUndefined();
    actor.send({ type: 'page.refresh' });
    expect(permissionChecks).toEqual([]);
    expect(calls).toEqual(['invalidate']);
    await vi.waitFor(() => expect(listed).toHaveLength(1));
  });

  describe('upload', () => {
    it('waits for the preflight, then opens and closes the upload dialog', () => {
      const { actor } = start();
      expect(actor.getSnapshot().matches({ upload: { asked: 'allowed' } })).toBe(true);
      expect(uploadRefusal(actor.getSnapshot())).toBeUndefined();
      actor.send({ type: 'upload.open' });
      expect(actor.getSnapshot().matches({ dialog: 'uploading' })).toBe(true);
      actor.send({ type: 'upload.close' });
      expect(actor.getSnapshot().matches({ dialog: 'closed' })).toBe(true);
    });

    it('says it is checking until the preflight answers, and why not when it refuses', () => {
      const pending = start({}, { allowed: 'pending' });
      expect(pending.actor.getSnapshot().can({ type: 'upload.open' })).toBe(false);
      expect(uploadRefusal(pending.actor.getSnapshot())).toBe(UPLOAD_CHECKING);
      pending.permissions.send({ type: 'permission.answer', key: 'lake\u0000main', allowed: false });
      expect(uploadRefusal(pending.actor.getSnapshot())).toBe(UPLOAD_REFUSED);
      pending.actor.send({ type: 'upload.open' });
      expect(pending.actor.getSnapshot().matches({ dialog: 'closed' })).toBe(true);
      pending.permissions.send({ type: 'permission.answer', key: 'lake\u0000main', allowed: true });
      expect(pending.actor.getSnapshot().can({ type: 'upload.open' })).toBe(true);
      // An answer that is not one yet (as the actor never sends once it has answered) goes back to checking.
      pending.actor.send({ type: 'upload.answer', allowed: undefined });
      expect(uploadRefusal(pending.actor.getSnapshot())).toBe(UPLOAD_CHECKING);
    });
  });

  describe('import', () => {
    it('opens the import dialog through the URL on a branch of a server that can import', () => {
      const { actor, opened } = start();
      expect(actor.getSnapshot().can({ type: 'import.open' })).toBe(true);
      expect(importRefusal(actor.getSnapshot())).toBeUndefined();
      actor.send({ type: 'import.open' });
      expect(opened).toEqual(['import']);
    });

    it('waits for the storage config, then says why it cannot import', () => {
      const { actor, reportStorage, opened } = start({}, { storage: 'pending' });
      expect(importPending(actor.getSnapshot())).toBe(true);
      expect(importRefusal(actor.getSnapshot())).toBe(IMPORT_CHECKING);
      reportStorage({ type: 'storage.known', importSupport: false });
      expect(importPending(actor.getSnapshot())).toBe(false);
      expect(actor.getSnapshot().can({ type: 'import.open' })).toBe(false);
      expect(importRefusal(actor.getSnapshot())).toBe(IMPORT_UNSUPPORTED);
      actor.send({ type: 'import.open' });
      expect(opened).toEqual([]);
    });

    it('says so when the storage config could not be read', () => {
      const { actor } = start({}, { storage: { type: 'storage.unknown' } });
      expect(actor.getSnapshot().can({ type: 'import.open' })).toBe(false);
      expect(importRefusal(actor.getSnapshot())).toBe(IMPORT_CONFIG_UNREADABLE);
    });

    it.each([
      [{ refKind: 'tag' as const }, IMPORT_NEEDS_BRANCH],
      [{ readOnly: true }, IMPORT_READ_ONLY],
    ])('imports only into a branch of a writable repository: %o', (input, reason) => {
      const { actor, opened } = start(input);
      expect(actor.getSnapshot().can({ type: 'import.open' })).toBe(false);
      expect(importRefusal(actor.getSnapshot())).toBe(reason);
      actor.send({ type: 'import.open' });
      expect(opened).toEqual([]);
    });
  });

  it('lists without a first page from the loader', async () => {
    const { actor, listed } = start({ firstPage: undefined, after: 'data/0' });
    await waitFor(actor.getSnapshot().context.list as AnyActorRef, (s) => s.matches('ready'));
    expect(listed).toEqual([{ after: 'data/0', prefix: 'data/', amount: 100 }]);
  });

  describe('search', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('takes effect 300 ms after the last keystroke: one listing and one URL update', async () => {
      const { actor, listed, calls } = start({ after: 'data/0' });
      actor.send({ type: 'search.input', text: 'b' });
      vi.advanceTimersByTime(200);
      actor.send({ type: 'search.input', text: 'be' });
      vi.advanceTimersByTime(299);
      expect(listed).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(calls).toEqual(['showSearch be']);
      expect(listed).toEqual([{ after: undefined, prefix: 'data/be', amount: 100 }]);
      expect(actor.getSnapshot().context).toMatchObject({ search: 'be', searchText: 'be', after: undefined });
    });

    it('does nothing when the text comes back to the search in effect', () => {
      const { actor, listed, calls } = start({ search: 'be' });
      actor.send({ type: 'search.input', text: 'b' });
      actor.send({ type: 'search.input', text: 'be' });
      vi.advanceTimersByTime(300);
      expect(listed).toEqual([]);
      expect(calls).toEqual([]);
    });
  });

  it('refreshes: lists again, asks the permission again and reloads the loaders', async () => {
    const { actor, listed, calls, permissionChecks } = start();
    actor.send({ type: 'page.refresh' });
    await vi.waitFor(() => expect(listed).toHaveLength(1));
    expect(calls).toEqual(['invalidate']);
    expect(permissionChecks).toEqual(['main', 'main']);
    actor.send({ type: 'objects.changed' });
    await vi.waitFor(() => expect(listed).toHaveLength(2));
    expect(calls).toEqual(['invalidate', 'invalidate']);
  });

  it('deletes an object after confirmation, then lists again; a cancelled delete changes nothing', async () => {
    const { actor, deleted, listed, calls } = start();
    actor.send({ type: 'object.delete', path: 'data/a.csv' });
    deleteObjectFlow(actor.getSnapshot())!.send({ type: 'delete.cancel' });
    expect(deleteObjectFlow(actor.getSnapshot())).toBeUndefined();
    expect(calls).toEqual([]);

    actor.send({ type: 'object.delete', path: 'data/a.csv' });
    expect(actor.getSnapshot().context.deletePath).toBe('data/a.csv');
    deleteObjectFlow(actor.getSnapshot())!.send({ type: 'delete.confirm' });
    await waitFor(actor, (s) => s.matches({ dialog: 'closed' }));
    expect(deleted).toEqual([{ repoId: 'lake', branch: 'main', path: 'data/a.csv' }]);
    expect(calls).toEqual(['invalidate']);
    await vi.waitFor(() => expect(listed).toHaveLength(1));
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
      const { actor, selection, deleteRequests, listed, calls } = start();
      actor.send({ type: 'bulk.delete' });
      expect(bulkDeleteFlow(actor.getSnapshot())).toBeUndefined();
      selection().send({ type: 'select.page', paths: ['data/a.csv', 'data/b.csv'], checked: true });

      actor.send({ type: 'bulk.delete' });
      bulkDeleteFlow(actor.getSnapshot())!.send({ type: 'delete.cancel' });
      await waitFor(actor, (s) => s.matches({ dialog: 'closed' }));
      expect(deleteRequests).toEqual([]);

      actor.send({ type: 'bulk.delete' });
      bulkDeleteFlow(actor.getSnapshot())!.send({ type: 'delete.confirm' });
      const summary = await waitFor(actor, (s) => s.matches({ dialog: 'summary' }));
      expect(deleteRequests).toEqual([{ repoId: 'lake', branch: 'main', paths: ['data/a.csv', 'data/b.csv'] }]);
      expect(summary.context.bulkSummary).toMatchObject({ kind: 'delete', total: 2, deleted: 1, failures: [{ path: 'data/b.csv' }] });
      expect(selection().getSnapshot().context.selected).toEqual(['data/b.csv']);
      expect(calls).toEqual(['invalidate']);
      await vi.waitFor(() => expect(listed).toHaveLength(1));
      actor.send({ type: 'bulk.dismiss' });
      expect(actor.getSnapshot().context.bulkSummary).toBeNull();
      expect(actor.getSnapshot().matches({ dialog: 'closed' })).toBe(true);
    });

    it.each([{ refKind: 'tag' as const }, { readOnly: true }])('offers no bulk delete when %o, but downloads', async (input) => {
      const { actor, selection, zipRuns } = start(input);
      selection().send({ type: 'select.toggle', path: 'data/a.csv' });
      actor.send({ type: 'bulk.delete' });
      expect(bulkDeleteFlow(actor.getSnapshot())).toBeUndefined();
      actor.send({ type: 'bulk.download' });
      const summary = await waitFor(actor, (s) => s.matches({ dialog: 'summary' }));
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
      await waitFor(actor, (s) => s.matches({ dialog: 'closed' }));
      expect(zipRuns).toEqual([]);
      expect(actor.getSnapshot().context.bulkSummary).toBeNull();
    });

    it('clears the selection when a search changes what is listed', () => {
      vi.useFakeTimers();
      try {
        const { actor, selection } = start();
        selection().send({ type: 'select.toggle', path: 'data/a.csv' });
        actor.send({ type: 'search.input', text: 'b' });
        vi.advanceTimersByTime(300);
        expect(selection().getSnapshot().context.selected).toEqual([]);
      } finally {
        vi.useRealTimers();
      }
    });
  });

  it('takes every transition', () => coverage.expectAllTaken());
});
