// Upload queue (spec 1 "Upload", §4, §9): files are queued with their destinations, checked by the stage_allowed
// preflight, then uploaded at most UPLOAD_CONCURRENCY at a time, each uploading (percent) → done | failed | aborted.
import { assign, enqueueActions, setup } from 'xstate';
import { errorMessage } from '../../api/errors';
import { callbackPlaceholder, promisePlaceholder } from '../../lib/actors';
import { UPLOAD_CONCURRENCY } from '../../lib/constants';
import { destinationFor } from './destination';

export const UPLOAD_FAILED = 'Upload Failed';
export const UPLOAD_ABORTED = 'Upload Aborted';
export const NO_FILES = 'Upload needs at least one file.';
export const READ_ONLY = 'This repository is read-only: uploads are disabled.';
export const NOT_ALLOWED = 'You are not allowed to upload to this branch.';

export interface UploadQueueInput {
  repoId: string;
  branch: string;
  prefix: string;
  readOnly: boolean;
}

/** A file as picked or dropped, with its path relative to the pick (a folder's files keep their sub-folders). */
export interface PickedFile {
  file: Blob;
  relativePath: string;
}

export type UploadStatus = 'queued' | 'uploading' | 'done' | 'failed' | 'aborted';

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
  /** The server's reason for a failure, when it gave one. */
  detail: string | null;
}

export interface UploadQueueContext extends UploadQueueInput {
  items: UploadItem[];
  nextId: number;
  error: string | null;
}

export interface UploadFileInput {
  id: string;
  repoId: string;
  branch: string;
  path: string;
  file: Blob;
}

/** What an upload actor reports back to the queue. */
export type UploadReport =
  | { type: 'file.progress'; id: string; percent: number }
  | { type: 'file.done'; id: string }
  | { type: 'file.failed'; id: string; message: string };

export type UploadQueueEvent =
  | { type: 'files.add'; files: PickedFile[] }
  | { type: 'file.remove'; id: string }
  | { type: 'files.clear' }
  | { type: 'prefix.change'; prefix: string }
  | { type: 'upload.start' }
  | { type: 'file.cancel'; id: string }
  | { type: 'upload.cancelAll' }
  | { type: 'queue.reset' }
  | UploadReport;

const childId = (id: string) => `upload-${id}`;
const isActive = (item: UploadItem) => item.status === 'queued' || item.status === 'uploading';

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
    checkStageAllowed: promisePlaceholder<boolean, { repoId: string; branch: string; path: string }>('checkStageAllowed'),
    uploadFile: callbackPlaceholder<UploadQueueEvent, UploadFileInput>('uploadFile'),
  },
  guards: {
    readOnly: ({ context }) => context.readOnly,
    noFiles: ({ context }) => context.items.length === 0,
    allSettled: ({ context }) => !context.items.some(isActive),
    refused: (_, allowed: boolean) => !allowed,
  },
  actions: {
    fillSlots: enqueueActions(({ context, enqueue }) => {
      const running = context.items.filter((item) => item.status === 'uploading').length;
      const starting = context.items
        .filter((item) => item.status === 'queued')
        .slice(0, Math.max(0, UPLOAD_CONCURRENCY - running));
      if (starting.length === 0) return;
      for (const item of starting) {
        enqueue.spawnChild('uploadFile', {
          id: childId(item.id),
          input: { id: item.id, repoId: context.repoId, branch: context.branch, path: item.destination, file: item.file },
        });
      }
      const ids = new Set(starting.map((item) => item.id));
      enqueue.assign({
        items: ({ context: c }) =>
          c.items.map((item) => (ids.has(item.id) ? { ...item, status: 'uploading' as const, percent: 0 } : item)),
      });
    }),
    stopUpload: enqueueActions(({ enqueue }, params: { id: string }) => {
      enqueue.stopChild(childId(params.id));
    }),
    abortAll: enqueueActions(({ context, enqueue }) => {
      for (const item of context.items) if (item.status === 'uploading') enqueue.stopChild(childId(item.id));
      enqueue.assign({
        items: ({ context: c }) =>
          c.items.map((item) => (isActive(item) ? { ...item, status: 'aborted' as const, error: UPLOAD_ABORTED } : item)),
      });
    }),
  },
}).createMachine({
  id: 'uploadQueue',
  context: ({ input }) => ({ ...input, items: [], nextId: 1, error: null }),
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
              error: null,
            };
          }),
        },
        'file.remove': { actions: assign({ items: ({ context, event }) => context.items.filter((i) => i.id !== event.id) }) },
        'files.clear': { actions: assign({ items: [], error: null }) },
        'prefix.change': {
          actions: assign(({ context, event }) => ({
            prefix: event.prefix,
            items: context.items.map((item) => ({ ...item, destination: destinationFor(event.prefix, item.relativePath) })),
          })),
        },
        'upload.start': [
          { guard: 'readOnly', actions: assign({ error: READ_ONLY }) },
          { guard: 'noFiles', actions: assign({ error: NO_FILES }) },
          { target: 'preflight', actions: assign({ error: null }) },
        ],
      },
    },
    preflight: {
      tags: ['busy'],
      invoke: {
        src: 'checkStageAllowed',
        input: ({ context }) => ({ repoId: context.repoId, branch: context.branch, path: context.items[0]?.destination ?? '' }),
        onDone: [
          { guard: { type: 'refused', params: ({ event }) => event.output }, target: 'selecting', actions: assign({ error: NOT_ALLOWED }) },
          { target: 'uploading' },
        ],
        onError: { target: 'selecting', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
      on: { 'upload.cancelAll': 'selecting' },
    },
    uploading: {
      tags: ['busy'],
      entry: 'fillSlots',
      always: { guard: 'allSettled', target: 'finished' },
      on: {
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
            { type: 'stopUpload', params: ({ event }) => ({ id: event.id }) },
            assign({ items: ({ context, event }) => updateItem(context.items, event.id, { status: 'done', percent: 100 }) }),
            'fillSlots',
          ],
        },
        'file.failed': {
          actions: [
            { type: 'stopUpload', params: ({ event }) => ({ id: event.id }) },
            assign({
              items: ({ context, event }) =>
                updateItem(context.items, event.id, { status: 'failed', error: UPLOAD_FAILED, detail: event.message }),
            }),
            'fillSlots',
          ],
        },
        'file.cancel': {
          actions: [
            { type: 'stopUpload', params: ({ event }) => ({ id: event.id }) },
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
        'queue.reset': { target: 'selecting', actions: assign({ items: [], error: null }) },
      },
    },
  },
});

/** Counts for the view's summary line. */
export function queueSummary(items: readonly UploadItem[]) {
  const count = (status: UploadStatus) => items.filter((item) => item.status === status).length;
  const totalBytes = items.reduce((sum, item) => sum + item.size, 0);
  return { total: items.length, done: count('done'), failed: count('failed'), aborted: count('aborted'), totalBytes };
}
