// One file's upload, as the queue runs it: checking (the stage_allowed preflight of its destination) → uploading
// through the server, or, when the storage config offers presigned transfers to the console, staging (a staging
// location with a presigned address) → storing (the PUT of the file to that address) → linking (the staged object
// registered at its path) → done; any step may end in failed. The queue spawns one per running file, so a file's
// lifecycle is this machine's state, and the queue only keeps the concurrency and the list the view shows.
// Each step reports to the queue: uploading (with the percent), then done or failed; the queue stops the machine to
// cancel it, which aborts the step's request.
import { assign, sendParent, setup } from 'xstate';
import type { StagingLocation } from '../../api/types';
import { callbackPlaceholder } from '../../lib/actor-placeholders';

export const NOT_ALLOWED = 'You are not allowed to upload to this path.';

export interface FileUploadInput {
  /** The queue's id of the file. */
  id: string;
  repoId: string;
  branch: string;
  /** The object path the file is uploaded to. */
  path: string;
  file: Blob;
  /** Straight to the store by a presigned address, in three steps, rather than through the server. */
  presigned: boolean;
  blockstoreType: string;
}

interface FileUploadContext extends FileUploadInput {
  /** From staging on: where the file is PUT, and, once stored, the store's checksum of it. */
  staging: StagingLocation | null;
  checksum: string;
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

/** What a check reports; a check that could not be made reports `file.failed`. */
export type CheckReport = { type: 'file.allowed'; id: string } | { type: 'file.refused'; id: string };

/** What a step of the upload reports: its progress, the event that moves the file on, or its failure. */
export type UploadReport =
  | { type: 'file.progress'; id: string; percent: number }
  | { type: 'file.staged'; id: string; staging: StagingLocation }
  | { type: 'file.stored'; id: string; staging: StagingLocation; checksum: string }
  | { type: 'file.done'; id: string }
  | { type: 'file.failed'; id: string; message: string };

export type FileStepEvent = CheckReport | UploadReport;

/** What a file's upload tells the queue. */
export type FileUploadReport =
  | { type: 'file.uploading'; id: string }
  | { type: 'file.progress'; id: string; percent: number }
  | { type: 'file.done'; id: string }
  | { type: 'file.failed'; id: string; message: string };

const destination = ({ context }: { context: FileUploadContext }): CheckDestinationInput => ({
  id: context.id,
  repoId: context.repoId,
  branch: context.branch,
  path: context.path,
});

export const fileUploadMachine = setup({
  types: {
    input: {} as FileUploadInput,
    context: {} as FileUploadContext,
    events: {} as FileStepEvent,
  },
  actors: {
    /** Asks stage_allowed for the destination and reports `file.allowed` or `file.refused`. */
    checkDestination: callbackPlaceholder<FileStepEvent, CheckDestinationInput>('checkDestination'),
    /** Through the server, reporting progress, then `file.done`. */
    uploadFile: callbackPlaceholder<FileStepEvent, UploadFileInput>('uploadFile'),
    /** Asks for a staging location with a presigned PUT address; reports `file.staged`. */
    stageFile: callbackPlaceholder<FileStepEvent, CheckDestinationInput>('stageFile'),
    /** PUTs the file to the presigned address, reporting progress, then `file.stored` with the store's checksum. */
    putToStore: callbackPlaceholder<FileStepEvent, PutToStoreInput>('putToStore'),
    /** Links the staged object to its path; reports `file.done`. */
    linkObject: callbackPlaceholder<FileStepEvent, LinkObjectInput>('linkObject'),
  },
  guards: {
    presigned: ({ context }) => context.presigned,
  },
  actions: {
    reportUploading: sendParent(({ context }): FileUploadReport => ({ type: 'file.uploading', id: context.id })),
    reportProgress: sendParent(({ context }, params: { percent: number }): FileUploadReport => ({
      type: 'file.progress',
      id: context.id,
      percent: params.percent,
    })),
    reportDone: sendParent(({ context }): FileUploadReport => ({ type: 'file.done', id: context.id })),
    reportFailed: sendParent(({ context }, params: { message: string }): FileUploadReport => ({
      type: 'file.failed',
      id: context.id,
      message: params.message,
    })),
  },
}).createMachine({
  id: 'fileUpload',
  context: ({ input }) => ({ ...input, staging: null, checksum: '' }),
  initial: 'checking',
  on: {
    'file.failed': { target: '.failed', actions: { type: 'reportFailed', params: ({ event }) => ({ message: event.message }) } },
  },
  states: {
    checking: {
      invoke: { src: 'checkDestination', input: destination },
      on: {
        'file.allowed': [
          { guard: 'presigned', target: 'staging', actions: 'reportUploading' },
          { target: 'uploading', actions: 'reportUploading' },
        ],
        'file.refused': { target: 'failed', actions: { type: 'reportFailed', params: { message: NOT_ALLOWED } } },
      },
    },
    uploading: {
      invoke: { src: 'uploadFile', input: ({ context }) => ({ ...destination({ context }), file: context.file }) },
      on: {
        'file.progress': { actions: { type: 'reportProgress', params: ({ event }) => ({ percent: event.percent }) } },
        'file.done': 'done',
      },
    },
    staging: {
      invoke: { src: 'stageFile', input: destination },
      on: { 'file.staged': { target: 'storing', actions: assign({ staging: ({ event }) => event.staging }) } },
    },
    storing: {
      invoke: {
        src: 'putToStore',
        input: ({ context }) => ({
          id: context.id,
          file: context.file,
          staging: context.staging as StagingLocation,
          blockstoreType: context.blockstoreType,
        }),
      },
      on: {
        'file.progress': { actions: { type: 'reportProgress', params: ({ event }) => ({ percent: event.percent }) } },
        'file.stored': { target: 'linking', actions: assign({ staging: ({ event }) => event.staging, checksum: ({ event }) => event.checksum }) },
      },
    },
    linking: {
      invoke: {
        src: 'linkObject',
        input: ({ context }) => ({
          ...destination({ context }),
          file: context.file,
          staging: context.staging as StagingLocation,
          checksum: context.checksum,
        }),
      },
      on: { 'file.done': 'done' },
    },
    done: { type: 'final', entry: 'reportDone' },
    failed: { type: 'final' },
  },
});
