// Importing data that already lives in storage into a branch (docs/behaviour.md, Objects page:
// Import): the form (source validated against the server's pattern, destination, commit message and metadata), then
// the import in progress, its status read as soon as it starts and again whenever the repository's live stream tells
// of its progress (every 3 s instead while the stream is down, or without one), with the objects ingested and the
// rate, until the status says completed or failed. A failure (in the status or in a call) shows the form again with the error; Cancel while in
// progress deletes the import on the server and returns to the form.
import { assign, sendParent, setup, type ActorRefFrom, type AnyActorRef, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import type { Commit, ImportCreation, ImportStatus } from '../../api/types';
import { promisePlaceholder } from '../../lib/actor-placeholders';
import { editMetadata, metadataErrors, metadataRecord, type MetadataEvent, type MetadataRow } from '../commit/metadata';
import { repositoryChanges, type LiveUpdate } from '../repository-events/machine';
import { defaultImportMessage, importDestination, importSourceError, importSourceReady, ingestRate, type IngestSample } from './rules';

/** How often a running import's status is read while the live stream is down (or when there is none). */
export const IMPORT_POLL_MS = 3000;

export interface ImportInput {
  repoId: string;
  branch: string;
  /** The folder being browsed: where the data lands unless the user changes it. */
  destination: string;
  /** The server's import validity regex (storage config `import_validity_regex`). */
  validityRegex: string;
  /** The server's storage, named in the form: its type, and an example of its addresses. */
  blockstoreType: string;
  namespaceExample: string;
  /** The tab's live stream of the repository (none: the status is polled). */
  live?: AnyActorRef | undefined;
}

/** Where an import request goes. */
export interface ImportTarget {
  repoId: string;
  branch: string;
}

export interface StartImportRequest extends ImportTarget {
  creation: ImportCreation;
}

export interface ImportStatusRequest extends ImportTarget {
  id: string;
}

/** The import's id, and when the server accepted it (ms, the start of the rate's first interval). */
export interface ImportStarted {
  id: string;
  at: number;
}

/** A status as read, and when (ms). */
export interface ImportStatusRead {
  status: ImportStatus;
  at: number;
}

/** The import's own failure, as its status reports it (its message is the server's). */
export class ImportFailedError extends Error {
  override name = 'ImportFailedError';
}

export interface ImportContext extends ImportInput {
  source: string;
  message: string;
  /** Once the user writes a message, it no longer follows the source. */
  messageEdited: boolean;
  metadata: MetadataRow[];
  nextRowId: number;
  /** Metadata errors are shown once the user has tried to import with them. */
  showMetadataErrors: boolean;
  importId: string | null;
  /** Objects ingested so far, as the last status said. */
  ingested: number;
  /** Objects per second between the last two reads; null until two reads measured it. */
  rate: number | null;
  lastSample: IngestSample | null;
  /** The import's commit, once completed. */
  commit: Commit | null;
  /** Why the import failed (shown with the form), or why a cancel was refused (shown with the progress). */
  error: unknown;
  /** The last import was cancelled by the user. */
  cancelled: boolean;
  /** The live stream is down (or there is none): the status is polled. */
  streamDown: boolean;
  /** The stream told of progress while the status was being read: that read may be older, so read again. */
  readAgain: boolean;
  /** The imports the stream told of before the server named this one. */
  importsHeard: string[];
}

export type ImportEvent =
  | { type: 'source.change'; value: string }
  | { type: 'destination.change'; value: string }
  | { type: 'message.change'; value: string }
  | MetadataEvent
  | { type: 'import.start' }
  | { type: 'import.cancel' }
  | LiveUpdate;

/** The import's phases, as the view names them. */
export type ImportPhase = 'not started' | 'in progress' | 'completed' | 'failed';

const setError = ({ event }: { event: ErrorActorEvent }) => event.error;

/** The import a stream event tells of, if it tells of one. */
const importIdOf = (event: ImportEvent): string | undefined =>
  event.type === 'live.changed' && event.event.type === 'import' ? event.event.import_id : undefined;

export const importMachine = setup({
  types: {
    input: {} as ImportInput,
    context: {} as ImportContext,
    events: {} as ImportEvent,
  },
  actors: {
    startImport: promisePlaceholder<ImportStarted, StartImportRequest>('startImport'),
    readStatus: promisePlaceholder<ImportStatusRead, ImportStatusRequest>('readStatus'),
    cancelImport: promisePlaceholder<void, ImportStatusRequest>('cancelImport'),
    live: repositoryChanges,
  },
  delays: {
    poll: IMPORT_POLL_MS,
  },
  guards: {
    ready: ({ context }) =>
      importSourceReady(context.source, context.validityRegex) && Object.keys(metadataErrors(context.metadata)).length === 0,
    statusFailed: (_, status: ImportStatus) => status.error !== undefined,
    statusCompleted: (_, status: ImportStatus) => status.completed,
    streamDown: ({ context }) => context.streamDown,
    readAgain: ({ context }) => context.readAgain,
    /** The stream tells of this import's progress. */
    aboutImport: ({ context, event }) => importIdOf(event) === context.importId,
    aboutAnImport: ({ event }) => importIdOf(event) !== undefined,
  },
  actions: {
    editMetadata: assign(({ context }, event: MetadataEvent) => editMetadata(context, event)),
    setSource: assign(({ context }, source: string) => ({
      source,
      message: context.messageEdited ? context.message : defaultImportMessage(source.trim()),
    })),
    begin: assign({ error: null, cancelled: false, importId: null, ingested: 0, rate: null, lastSample: null, commit: null, importsHeard: [] }),
    takeStart: assign(({ context }, started: ImportStarted) => ({
      importId: started.id,
      lastSample: { objects: 0, at: started.at },
      readAgain: context.importsHeard.includes(started.id),
    })),
    takeStatus: assign(({ context }, read: ImportStatusRead) => {
      const sample = { objects: read.status.ingested_objects ?? context.ingested, at: read.at };
      const rate = context.lastSample === null ? undefined : ingestRate(context.lastSample, sample);
      return {
        ingested: sample.objects,
        rate: rate ?? context.rate,
        lastSample: sample,
        commit: read.status.commit ?? context.commit,
      };
    }),
    failWithStatus: assign((_, status: ImportStatus) => ({ error: new ImportFailedError(status.error?.message ?? 'import failed') })),
    /** The import committed: the page that opened it lists the branch again. */
    imported: sendParent({ type: 'objects.changed' }),
  },
}).createMachine({
  id: 'import',
  context: ({ input }) => ({
    ...input,
    source: '',
    message: '',
    messageEdited: false,
    metadata: [],
    nextRowId: 1,
    showMetadataErrors: false,
    importId: null,
    ingested: 0,
    rate: null,
    lastSample: null,
    commit: null,
    error: null,
    cancelled: false,
    streamDown: input.live === undefined,
    readAgain: false,
    importsHeard: [],
  }),
  initial: 'form',
  states: {
    // The form, before the first import and again after a failed or cancelled one.
    form: {
      initial: 'notStarted',
      on: {
        'source.change': { actions: { type: 'setSource', params: ({ event }) => event.value } },
        'destination.change': { actions: assign({ destination: ({ event }) => event.value }) },
        'message.change': { actions: assign({ message: ({ event }) => event.value, messageEdited: true }) },
        'metadata.add': { actions: { type: 'editMetadata', params: ({ event }) => event } },
        'metadata.remove': { actions: { type: 'editMetadata', params: ({ event }) => event } },
        'metadata.change': { actions: { type: 'editMetadata', params: ({ event }) => event } },
        'import.start': [{ guard: 'ready', target: 'inProgress' }, { actions: assign({ showMetadataErrors: true }) }],
      },
      states: {
        notStarted: {},
        failed: {},
      },
    },
    inProgress: {
      tags: ['busy'],
      entry: 'begin',
      invoke: { src: 'live', input: ({ context }) => ({ live: context.live }) },
      // The stream says where the import stands when the server changes its record; without it, the status is polled.
      on: { 'live.status': { actions: assign({ streamDown: ({ event }) => event.down }) } },
      initial: 'starting',
      states: {
        starting: {
          // A small import may end before the server's answer names it: what the stream tells meanwhile is kept.
          on: { 'live.changed': { guard: 'aboutAnImport', actions: assign({ importsHeard: ({ context, event }) => [...context.importsHeard, importIdOf(event) ?? ''] }) } },
          invoke: {
            src: 'startImport',
            input: ({ context }) => ({
              repoId: context.repoId,
              branch: context.branch,
              creation: {
                paths: [{ path: context.source.trim(), destination: importDestination(context.destination), type: 'common_prefix' }],
                commit: { message: context.message, metadata: metadataRecord(context.metadata) },
              },
            }),
            onDone: { target: 'waiting', actions: { type: 'takeStart', params: ({ event }) => event.output } },
            onError: { target: '#import.form.failed', actions: assign({ error: setError }) },
          },
        },
        // Between two reads of the status: until the stream tells of progress, or every 3 s while it is down.
        waiting: {
          always: { guard: 'readAgain', target: 'polling' },
          after: { poll: { guard: 'streamDown', target: 'polling' } },
          on: {
            'import.cancel': 'cancelling',
            'live.changed': { guard: 'aboutImport', target: 'polling' },
            'live.status': { guard: ({ event }) => event.down, target: 'waiting', reenter: true, actions: assign({ streamDown: true }) },
          },
        },
        polling: {
          entry: assign({ readAgain: false }),
          on: { 'import.cancel': 'cancelling', 'live.changed': { guard: 'aboutImport', actions: assign({ readAgain: true }) } },
          invoke: {
            src: 'readStatus',
            input: ({ context }) => ({ repoId: context.repoId, branch: context.branch, id: context.importId ?? '' }),
            onDone: [
              {
                guard: { type: 'statusFailed', params: ({ event }) => event.output.status },
                target: '#import.form.failed',
                actions: { type: 'failWithStatus', params: ({ event }) => event.output.status },
              },
              {
                guard: { type: 'statusCompleted', params: ({ event }) => event.output.status },
                target: '#import.completed',
                actions: [
                  { type: 'takeStatus', params: ({ event }) => event.output },
                  assign({ error: null }),
                  'imported',
                ],
              },
              { target: 'waiting', actions: { type: 'takeStatus', params: ({ event }) => event.output } },
            ],
            onError: { target: '#import.form.failed', actions: assign({ error: setError }) },
          },
        },
        // A refused cancel (the import may have just completed) reads the status again to see where it stands.
        cancelling: {
          invoke: {
            src: 'cancelImport',
            input: ({ context }) => ({ repoId: context.repoId, branch: context.branch, id: context.importId ?? '' }),
            onDone: { target: '#import.form.notStarted', actions: assign({ cancelled: true }) },
            onError: { target: 'polling', actions: assign({ error: setError }) },
          },
        },
      },
    },
    // The summary stays until the dialog closes.
    completed: {},
  },
});

export type ImportActorRef = ActorRefFrom<typeof importMachine>;
export type ImportSnapshot = SnapshotFrom<typeof importMachine>;

/** Why the typed source cannot be imported from, if it cannot (an empty one can be, but Import waits for one). */
export function sourceProblem(snapshot: ImportSnapshot): string | undefined {
  return importSourceError(snapshot.context.source, snapshot.context.validityRegex);
}

/** Whether Import can start: a source that is given and valid. */
export function sourceReady(snapshot: ImportSnapshot): boolean {
  return importSourceReady(snapshot.context.source, snapshot.context.validityRegex);
}

export function importPhase(snapshot: ImportSnapshot): ImportPhase {
  if (snapshot.matches('completed')) return 'completed';
  if (snapshot.matches('inProgress')) return 'in progress';
  if (snapshot.matches({ form: 'failed' })) return 'failed';
  return 'not started';
}
