// Downloading the selected objects as one zip made in the browser (issue 12 "Bulk operations"): the user picks where
// to save it (when the browser can stream to a file), then the objects are fetched, a few ahead, and streamed into the
// zip, with progress (files and bytes). Cancel aborts the fetch in flight and the writing. An object that cannot be
// read is skipped and listed in the summary; the zip still completes with the others.
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { callbackPlaceholder, promisePlaceholder } from '../../lib/actor-placeholders';
import { errorMessage } from '../../lib/error-message';
import type { ZipFailure } from './zip-objects';

/** Where the zip goes: a file the user chose, or the browser's downloads. */
export interface ZipTarget {
  /** Writes the whole stream; rejects when it fails or `signal` aborts it. */
  write: (zip: ReadableStream<Uint8Array>, signal: AbortSignal) => Promise<void>;
}

export interface BulkDownloadInput {
  repoId: string;
  refId: string;
  /** The folder the selection was made in: names inside the zip are relative to it. */
  dir: string;
  paths: readonly string[];
  /** The file name offered for the zip. */
  archiveName: string;
}

export interface ZipRunInput extends Omit<BulkDownloadInput, 'archiveName'> {
  target: ZipTarget;
}

export type ZipRunEvent =
  | { type: 'zip.progress'; files: number; bytes: number }
  | { type: 'zip.failure'; failure: ZipFailure }
  | { type: 'zip.done' }
  | { type: 'zip.error'; message: string };

export type BulkDownloadEvent = ZipRunEvent | { type: 'run.cancel' };

export interface BulkDownloadSummary {
  total: number;
  /** Objects written into the zip. */
  files: number;
  bytes: number;
  /** Objects skipped, with why. */
  failures: ZipFailure[];
  cancelled: boolean;
  /** Why the zip itself could not be written (then it is incomplete or absent). */
  error: string | undefined;
}

export interface BulkDownloadContext extends BulkDownloadInput {
  target: ZipTarget | null;
  files: number;
  bytes: number;
  failures: ZipFailure[];
  cancelled: boolean;
  error: string | undefined;
}

export interface BulkDownloadOutput {
  /** Undefined when the user closed the save dialog: nothing was fetched. */
  summary: BulkDownloadSummary | undefined;
}

/** The zip's suggested file name: the repository, the ref and the folder. */
export function archiveName(repoId: string, refId: string, dir: string): string {
  const folder = dir.replace(/\/$/, '').replaceAll('/', '-');
  return `${[repoId, refId, folder].filter((part) => part !== '').join('-')}.zip`;
}

export const bulkDownloadMachine = setup({
  types: {
    input: {} as BulkDownloadInput,
    context: {} as BulkDownloadContext,
    events: {} as BulkDownloadEvent,
    output: {} as BulkDownloadOutput,
  },
  actors: {
    /** Asks where to save the zip; null when the user declines. Runs at once on the click, which the picker needs. */
    chooseTarget: promisePlaceholder<ZipTarget | null, { archiveName: string }>('chooseTarget'),
    /** Fetches, zips and writes; reports progress, skipped objects and the end. Stopping it aborts the work. */
    zip: callbackPlaceholder<ZipRunEvent, ZipRunInput>('zip'),
  },
  guards: {
    chosen: (_, target: ZipTarget | null) => target !== null,
  },
}).createMachine({
  id: 'bulkDownload',
  context: ({ input }) => ({ ...input, target: null, files: 0, bytes: 0, failures: [], cancelled: false, error: undefined }),
  initial: 'choosing',
  states: {
    choosing: {
      invoke: {
        src: 'chooseTarget',
        input: ({ context }) => ({ archiveName: context.archiveName }),
        onDone: [
          { guard: { type: 'chosen', params: ({ event }) => event.output }, target: 'zipping', actions: assign({ target: ({ event }) => event.output }) },
          { target: 'declined' },
        ],
        onError: { target: 'finished', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    zipping: {
      tags: ['busy'],
      invoke: {
        src: 'zip',
        // Entered only with a target (the `chosen` guard).
        input: ({ context }) => ({ repoId: context.repoId, refId: context.refId, dir: context.dir, paths: context.paths, target: context.target! }),
      },
      on: {
        'zip.progress': { actions: assign({ files: ({ event }) => event.files, bytes: ({ event }) => event.bytes }) },
        'zip.failure': { actions: assign({ failures: ({ context, event }) => [...context.failures, event.failure] }) },
        'zip.done': 'finished',
        'zip.error': { target: 'finished', actions: assign({ error: ({ event }) => event.message }) },
        'run.cancel': { target: 'finished', actions: assign({ cancelled: true }) },
      },
    },
    finished: { type: 'final' },
    declined: { type: 'final' },
  },
  output: ({ context }) => ({
    summary:
      context.target === null && context.error === undefined
        ? undefined
        : {
            total: context.paths.length,
            files: context.files,
            bytes: context.bytes,
            failures: context.failures,
            cancelled: context.cancelled,
            error: context.error,
          },
  }),
});

export type BulkDownloadActorRef = ActorRefFrom<typeof bulkDownloadMachine>;
export type BulkDownloadSnapshot = SnapshotFrom<typeof bulkDownloadMachine>;
