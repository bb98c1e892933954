// Upload queue (docs/behaviour.md, Objects page): files are queued with their destinations, then run at most
// UPLOAD_CONCURRENCY at a time, each by a machine of its own (file-upload.ts: checked, then uploaded through the
// server or by a presigned transfer) that reports uploading (percent) → done | failed; cancelling stops it
// (aborted). The queue's input carries what the page already knows (repository, branch, read-only, the storage
// config), so a run reads nothing else.
import { and, assign, enqueueActions, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { StorageConfig } from '../../api/types';
import { destinationFor } from './destination';
import { fileUploadMachine, type FileUploadReport } from './file-upload';

/** Files uploaded at once (docs/behaviour.md, Objects page). */
export const UPLOAD_CONCURRENCY = 5;

export const UPLOAD_FAILED = 'Upload Failed';
export const UPLOAD_ABORTED = 'Upload Aborted';
export const READ_ONLY = 'This repository is read-only: uploads are disabled.';

/** What decides how files travel: presigned straight to the store when the server offers it to the console. */
export type UploadStorage = Pick<StorageConfig, 'pre_sign_support_ui' | 'blockstore_type'>;

export interface UploadQueueInput {
  repoId: string;
  branch: string;
  prefix: string;
  readOnly: boolean;
  /** The server's storage config (from the session); without it files go through the server. */
  storage?: UploadStorage | null | undefined;
}

/** A file as picked or dropped, with its path relative to the pick (a folder's files keep their sub-folders). */
export interface PickedFile {
  file: Blob;
  relativePath: string;
}

export type UploadStatus = 'queued' | 'checking' | 'uploading' | 'done' | 'failed' | 'aborted';

export interface UploadItem {
  id: string;
  file: Blob;
  relativePath: string;
  destination: string;
  size: number;
  status: UploadStatus;
  percent: number;
  /** 'Upload Failed' or 'Upload Aborted'. */
  error: string | null;
  /** Why it failed: the server's reason, or that the destination is not allowed. */
  detail: string | null;
}

export interface UploadQueueContext extends UploadQueueInput {
  items: UploadItem[];
  nextId: number;
}

export type UploadQueueEvent =
  | { type: 'files.add'; files: PickedFile[] }
  | { type: 'file.remove'; id: string }
  | { type: 'files.clear' }
  | { type: 'prefix.change'; prefix: string }
  | { type: 'upload.start' }
  | { type: 'file.cancel'; id: string }
  | { type: 'upload.cancelAll' }
  | { type: 'queue.reset' }
  | FileUploadReport;

/** The machine uploading a file, named after it so the queue can stop it. */
const fileId = (id: string) => `file-${id}`;
const isRunning = (item: UploadItem) => item.status === 'checking' || item.status === 'uploading';
const isActive = (item: UploadItem) => item.status === 'queued' || isRunning(item);

function updateItem(items: UploadItem[], id: string, change: Partial<UploadItem>): UploadItem[] {
  return items.map((item) => (item.id === id ? { ...item, ...change } : item));
}

export const uploadQueueMachine = setup({
  types: {
    input: {} as UploadQueueInput,
    context: {} as UploadQueueContext,
    events: {} as UploadQueueEvent,
  },
  actors: {
    fileUpload: fileUploadMachine,
  },
  guards: {
    ready: ({ context }) => !context.readOnly && context.items.length > 0,
    allSettled: ({ context }) => !context.items.some(isActive),
    anyStored: ({ context }) => context.items.some((item) => item.status === 'done'),
  },
  actions: {
    /** A run stored objects: the page that opened the queue lists its folder again. */
    announceStored: sendParent({ type: 'objects.changed' }),
    fillSlots: enqueueActions(({ context, enqueue }) => {
      const running = context.items.filter(isRunning).length;
      const starting = context.items
        .filter((item) => item.status === 'queued')
        .slice(0, Math.max(0, UPLOAD_CONCURRENCY - running));
      if (starting.length === 0) return;
      for (const item of starting) {
        enqueue.spawnChild('fileUpload', {
          id: fileId(item.id),
          input: {
            id: item.id,
            repoId: context.repoId,
            branch: context.branch,
            path: item.destination,
            file: item.file,
            presigned: context.storage?.pre_sign_support_ui === true,
            blockstoreType: context.storage?.blockstore_type ?? '',
          },
        });
      }
      const ids = new Set(starting.map((item) => item.id));
      enqueue.assign({
        items: ({ context: c }) => c.items.map((item) => (ids.has(item.id) ? { ...item, status: 'checking' as const } : item)),
      });
    }),
    stopFile: enqueueActions(({ enqueue }, params: { id: string }) => enqueue.stopChild(fileId(params.id))),
    abortAll: enqueueActions(({ context, enqueue }) => {
      for (const item of context.items) if (isRunning(item)) enqueue.stopChild(fileId(item.id));
      enqueue.assign({
        items: ({ context: c }) =>
          c.items.map((item) => (isActive(item) ? { ...item, status: 'aborted' as const, error: UPLOAD_ABORTED } : item)),
      });
    }),
  },
}).createMachine({
  id: 'uploadQueue',
  context: ({ input }) => ({ ...input, items: [], nextId: 1 }),
  initial: 'selecting',
  states: {
    selecting: {
      on: {
        'files.add': {
          actions: assign(({ context, event }) => {
            const added = event.files.map((picked, index): UploadItem => ({
              id: String(context.nextId + index),
              file: picked.file,
              relativePath: picked.relativePath,
              destination: destinationFor(context.prefix, picked.relativePath),
              size: picked.file.size,
              status: 'queued',
              percent: 0,
              error: null,
              detail: null,
            }));
            // Picking the same destination twice keeps the newest pick.
            const replaced = new Set(added.map((item) => item.destination));
            return {
              items: [...context.items.filter((item) => !replaced.has(item.destination)), ...added],
              nextId: context.nextId + added.length,
            };
          }),
        },
        'file.remove': { actions: assign({ items: ({ context, event }) => context.items.filter((i) => i.id !== event.id) }) },
        'files.clear': { actions: assign({ items: [] }) },
        'prefix.change': {
          actions: assign(({ context, event }) => ({
            prefix: event.prefix,
            items: context.items.map((item) => ({ ...item, destination: destinationFor(event.prefix, item.relativePath) })),
          })),
        },
        // Upload is disabled (`can` answers false) until a file is picked, and on a read-only repository.
        'upload.start': { guard: 'ready', target: 'uploading' },
      },
    },
    uploading: {
      tags: ['busy'],
      entry: 'fillSlots',
      always: [
        { guard: and(['allSettled', 'anyStored']), target: 'finished', actions: 'announceStored' },
        { guard: 'allSettled', target: 'finished' },
      ],
      on: {
        'file.uploading': {
          actions: assign({
            items: ({ context, event }) =>
              context.items.map((item) => (item.id === event.id && item.status === 'checking' ? { ...item, status: 'uploading' as const, percent: 0 } : item)),
          }),
        },
        'file.progress': {
          actions: assign({
            items: ({ context, event }) =>
              context.items.map((item) =>
                item.id === event.id && item.status === 'uploading' ? { ...item, percent: event.percent } : item,
              ),
          }),
        },
        'file.done': {
          actions: [
            { type: 'stopFile', params: ({ event }) => ({ id: event.id }) },
            assign({ items: ({ context, event }) => updateItem(context.items, event.id, { status: 'done', percent: 100 }) }),
            'fillSlots',
          ],
        },
        'file.failed': {
          actions: [
            { type: 'stopFile', params: ({ event }) => ({ id: event.id }) },
            assign({
              items: ({ context, event }) =>
                updateItem(context.items, event.id, { status: 'failed', error: UPLOAD_FAILED, detail: event.message }),
            }),
            'fillSlots',
          ],
        },
        'file.cancel': {
          actions: [
            { type: 'stopFile', params: ({ event }) => ({ id: event.id }) },
            assign({
              items: ({ context, event }) =>
                context.items.map((item) =>
                  item.id === event.id && isActive(item) ? { ...item, status: 'aborted' as const, error: UPLOAD_ABORTED } : item,
                ),
            }),
            'fillSlots',
          ],
        },
        'upload.cancelAll': { actions: 'abortAll' },
      },
    },
    finished: {
      on: {
        'queue.reset': { target: 'selecting', actions: assign({ items: [] }) },
      },
    },
  },
});

export type UploadQueueActorRef = ActorRefFrom<typeof uploadQueueMachine>;
export type UploadQueueSnapshot = SnapshotFrom<typeof uploadQueueMachine>;

/** Counts for the view's summary line. */
export function queueSummary(items: readonly UploadItem[]) {
  const count = (status: UploadStatus) => items.filter((item) => item.status === status).length;
  const totalBytes = items.reduce((sum, item) => sum + item.size, 0);
  return { total: items.length, done: count('done'), failed: count('failed'), aborted: count('aborted'), totalBytes };
}
