// Upload queue (docs/behaviour.md, Objects page): files are queued with their destinations, then run at most
// UPLOAD_CONCURRENCY at a time, each checked → uploading (percent) → done | failed | aborted. The check is the
// stage_allowed preflight of the file's own destination, asked once, just before its upload: a refused path fails
// that file and sends nothing. The queue's input carries what the page already knows (repository, branch,
// read-only, the storage config), so a run reads nothing else.
// An upload goes through the server, or, when the storage config says pre_sign_support_ui (docs/behaviour.md, Objects page: "Upload"
// transfer"), in three steps: a staging location with a presigned address, a PUT of the file to that address
// (the percent), then the link that registers the staged object at its path.
import { and, assign, enqueueActions, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { StagingLocation, StorageConfig } from '../../api/types';
import { callbackPlaceholder } from '../../lib/actor-placeholders';
import { UPLOAD_CONCURRENCY } from '../../lib/constants';
import { destinationFor } from './destination';

export const UPLOAD_FAILED = 'Upload Failed';
export const UPLOAD_ABORTED = 'Upload Aborted';
export const NO_FILES = 'Upload needs at least one file.';
export const READ_ONLY = 'This repository is read-only: uploads are disabled.';
export const NOT_ALLOWED = 'You are not allowed to upload to this path.';

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
  error: string | null;
}

export interface CheckDestinationInput {
  id: string;
  repoId: string;
  branch: string;
  path: string;
}

export interface UploadFileInput extends CheckDestinationInput {
  file: Blob;
}

/** The PUT of a presigned upload: the file to the staging location's presigned address. */
export interface PutToStoreInput {
  id: string;
  file: Blob;
  staging: StagingLocation;
  blockstoreType: string;
}

/** The link of a presigned upload: the staged object, with the store's checksum, registered at its path. */
export interface LinkObjectInput extends CheckDestinationInput {
  file: Blob;
  staging: StagingLocation;
  checksum: string;
}

/** What a check reports back to the queue; a check that could not be made reports `file.failed`. */
export type CheckReport = { type: 'file.allowed'; id: string } | { type: 'file.refused'; id: string };

/** What an upload actor (or a step of a presigned one) reports back to the queue. */
export type UploadReport =
  | { type: 'file.progress'; id: string; percent: number }
  | { type: 'file.staged'; id: string; staging: StagingLocation }
  | { type: 'file.stored'; id: string; staging: StagingLocation; checksum: string }
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
  | CheckReport
  | UploadReport;

const checkId = (id: string) => `check-${id}`;
const childId = (id: string) => `upload-${id}`;
const stageId = (id: string) => `stage-${id}`;
const putId = (id: string) => `put-${id}`;
const linkId = (id: string) => `link-${id}`;
/** The children one file's upload may have running, whichever way it goes. */
const uploadChildren = (id: string) => [childId(id), stageId(id), putId(id), linkId(id)];
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
    /** Asks stage_allowed for one destination and reports `file.allowed` or `file.refused`. */
    checkDestination: callbackPlaceholder<UploadQueueEvent, CheckDestinationInput>('checkDestination'),
    /** Through the server, reporting progress, then `file.done`. */
    uploadFile: callbackPlaceholder<UploadQueueEvent, UploadFileInput>('uploadFile'),
    /** Asks for a staging location with a presigned PUT address; reports `file.staged`. */
    stageFile: callbackPlaceholder<UploadQueueEvent, CheckDestinationInput>('stageFile'),
    /** PUTs the file to the presigned address, reporting progress, then `file.stored` with the store's checksum. */
    putToStore: callbackPlaceholder<UploadQueueEvent, PutToStoreInput>('putToStore'),
    /** Links the staged object to its path; reports `file.done`. */
    linkObject: callbackPlaceholder<UploadQueueEvent, LinkObjectInput>('linkObject'),
  },
  guards: {
    readOnly: ({ context }) => context.readOnly,
    noFiles: ({ context }) => context.items.length === 0,
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
        enqueue.spawnChild('checkDestination', {
          id: checkId(item.id),
          input: { id: item.id, repoId: context.repoId, branch: context.branch, path: item.destination },
        });
      }
      const ids = new Set(starting.map((item) => item.id));
      enqueue.assign({
        items: ({ context: c }) => c.items.map((item) => (ids.has(item.id) ? { ...item, status: 'checking' as const } : item)),
      });
    }),
    startUpload: enqueueActions(({ context, enqueue }, params: { id: string }) => {
      const item = context.items.find((i) => i.id === params.id);
      if (item?.status !== 'checking') return;
      enqueue.stopChild(checkId(item.id));
      const destination = { id: item.id, repoId: context.repoId, branch: context.branch, path: item.destination };
      if (context.storage?.pre_sign_support_ui) enqueue.spawnChild('stageFile', { id: stageId(item.id), input: destination });
      else enqueue.spawnChild('uploadFile', { id: childId(item.id), input: { ...destination, file: item.file } });
      enqueue.assign({ items: updateItem(context.items, item.id, { status: 'uploading', percent: 0 }) });
    }),
    startPut: enqueueActions(({ context, enqueue }, params: { id: string; staging: StagingLocation }) => {
      const item = context.items.find((i) => i.id === params.id);
      if (item?.status !== 'uploading') return;
      enqueue.stopChild(stageId(item.id));
      enqueue.spawnChild('putToStore', {
        id: putId(item.id),
        input: { id: item.id, file: item.file, staging: params.staging, blockstoreType: context.storage?.blockstore_type ?? '' },
      });
    }),
    startLink: enqueueActions(({ context, enqueue }, params: { id: string; staging: StagingLocation; checksum: string }) => {
      const item = context.items.find((i) => i.id === params.id);
      if (item?.status !== 'uploading') return;
      enqueue.stopChild(putId(item.id));
      enqueue.spawnChild('linkObject', {
        id: linkId(item.id),
        input: {
          id: item.id,
          repoId: context.repoId,
          branch: context.branch,
          path: item.destination,
          file: item.file,
          staging: params.staging,
          checksum: params.checksum,
        },
      });
    }),
    stopUpload: enqueueActions(({ enqueue }, params: { id: string }) => {
      enqueue.stopChild(checkId(params.id));
      for (const child of uploadChildren(params.id)) enqueue.stopChild(child);
    }),
    abortAll: enqueueActions(({ context, enqueue }) => {
      for (const item of context.items) {
        if (item.status === 'checking') enqueue.stopChild(checkId(item.id));
        if (item.status === 'uploading') for (const child of uploadChildren(item.id)) enqueue.stopChild(child);
      }
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
          { target: 'uploading', actions: assign({ error: null }) },
        ],
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
        'file.allowed': { actions: { type: 'startUpload', params: ({ event }) => ({ id: event.id }) } },
        'file.refused': {
          actions: [
            { type: 'stopUpload', params: ({ event }) => ({ id: event.id }) },
            assign({
              items: ({ context, event }) =>
                updateItem(context.items, event.id, { status: 'failed', error: UPLOAD_FAILED, detail: NOT_ALLOWED }),
            }),
            'fillSlots',
          ],
        },
        'file.staged': { actions: { type: 'startPut', params: ({ event }) => ({ id: event.id, staging: event.staging }) } },
        'file.stored': {
          actions: {
            type: 'startLink',
            params: ({ event }) => ({ id: event.id, staging: event.staging, checksum: event.checksum }),
          },
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

export type UploadQueueActorRef = ActorRefFrom<typeof uploadQueueMachine>;
export type UploadQueueSnapshot = SnapshotFrom<typeof uploadQueueMachine>;

/** Counts for the view's summary line. */
export function queueSummary(items: readonly UploadItem[]) {
  const count = (status: UploadStatus) => items.filter((item) => item.status === status).length;
  const totalBytes = items.reduce((sum, item) => sum + item.size, 0);
  return { total: items.length, done: count('done'), failed: count('failed'), aborted: count('aborted'), totalBytes };
}
