// Merging one branch into another (docs/behaviour.md, Compare and merge): idle, the modal open, merging
// (controls disabled), then success (the modal closes and the view refreshes) or the error shown in the modal.
// Beyond lakeFS: when the server lists the conflicting paths with both sides (409 MergeConflict), the modal shows
// them; the user picks the source or the destination version per path, can look at the two contents side by
// side, and merges again with those choices (`conflict_resolutions`).
import { assign, enqueueActions, setup, type ActorRefFrom, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import { MergeConflictError } from '../../api/errors';
import type { ConflictSide, Diff, MergeConflictPath, MergePreview, MergeResult, MergeStrategy } from '../../api/types';
import { promisePlaceholder } from '../../lib/actor-placeholders';
import { editMetadata, metadataErrors, metadataRecord, type MetadataEvent, type MetadataRow } from '../commit/metadata';
import { objectDiffMachine, type ObjectDiffActorRef } from '../object-diff/machine';

export interface MergeInput {
  repoId: string;
  /** The branch merged from (the compared ref). */
  source: string;
  /** The branch merged into (the base ref). */
  dest: string;
  readOnly: boolean;
  /** The two refs differ and the comparison shows changes: there is something to merge. */
  hasChanges: boolean;
  /** The pull request this merge merges, when it is one's (merged by the pulls call). */
  pullId?: string;
}

export interface MergeRequest {
  repoId: string;
  pullId?: string | undefined;
  source: string;
  dest: string;
  strategy: MergeStrategy;
  message: string;
  metadata: Record<string, string>;
  conflictResolutions: Record<string, ConflictSide>;
}

export interface MergeContext extends MergeInput {
  message: string;
  metadata: MetadataRow[];
  nextRowId: number;
  /** Metadata errors show once the user has tried to submit them. */
  showMetadataErrors: boolean;
  strategy: MergeStrategy;
  /** The paths the last attempt conflicted on, with both sides; empty until a merge reports some. */
  conflicts: MergeConflictPath[];
  /** The user's choice per conflicting path. */
  resolutions: Record<string, ConflictSide>;
  /** The content comparison of each conflicting path the user opened, by path. */
  contents: Record<string, ObjectDiffActorRef>;
  error: unknown;
  lastMerge: MergeResult | null;
  /** The dry run of the merge as the refs stand: null until it answers (or when no merge can start). */
  preview: MergePreview | null;
  previewError: unknown;
}

/** What the dry run is asked. */
export interface PreviewRequest {
  repoId: string;
  source: string;
  dest: string;
}

export type MergeEvent =
  | { type: 'merge.open' }
  | { type: 'merge.cancel' }
  | { type: 'message.change'; value: string }
  | MetadataEvent
  | { type: 'strategy.change'; strategy: MergeStrategy }
  | { type: 'conflict.choose'; path: string; side: ConflictSide }
  | { type: 'conflict.toggleContent'; path: string }
  | { type: 'merge.submit' }
  | { type: 'preview.retry' };

/**
 * A conflicting path as a diff entry from the destination (old) to the source (new): added when the destination
 * deleted it, removed when the source did. The content comparison reads it like any diff entry.
 */
export function conflictEntry(conflict: MergeConflictPath): Diff {
  const type = conflict.dest === null ? 'added' : conflict.source === null ? 'removed' : 'changed';
  const size = (conflict.source ?? conflict.dest)?.size_bytes;
  return { path: conflict.path, path_type: 'object', type, ...(size === undefined ? {} : { size_bytes: size }) };
}

/** The paths still without a choice; with a strategy other than Default the strategy decides them all. */
export function unresolvedConflicts(context: Pick<MergeContext, 'conflicts' | 'resolutions' | 'strategy'>): string[] {
  if (context.strategy !== '') return [];
  return context.conflicts.filter((c) => context.resolutions[c.path] === undefined).map((c) => c.path);
}

const contentId = (path: string) => `content:${path}`;

const mergeable = (context: MergeInput) => context.hasChanges && !context.readOnly && context.source !== context.dest;

/** The dry run found what the server would refuse the merge for. */
export const previewRefuses = (preview: MergePreview) => preview.read_only || preview.destination_dirty || preview.nothing_to_merge;

export const mergeMachine = setup({
  types: {
    input: {} as MergeInput,
    context: {} as MergeContext,
    events: {} as MergeEvent,
  },
  actors: {
    merge: promisePlaceholder<MergeResult, MergeRequest>('merge'),
    preview: promisePlaceholder<MergePreview, PreviewRequest>('preview'),
    objectDiff: objectDiffMachine,
  },
  guards: {
    canMerge: ({ context }) => mergeable(context),
    /** A merge can start, and its dry run (when it answered) found nothing the server would refuse. */
    mergeAllowed: ({ context }) => mergeable(context) && !(context.preview && previewRefuses(context.preview)),
    readyToMerge: ({ context }) => Object.keys(metadataErrors(context.metadata)).length === 0 && unresolvedConflicts(context).length === 0,
    conflictsListed: (_, error: unknown) => error instanceof MergeConflictError && error.conflicts.length > 0,
    contentShown: ({ context }, path: string) => path in context.contents,
  },
  actions: {
    editMetadata: assign(({ context }, event: MetadataEvent) => editMetadata(context, event)),
    resetForm: assign({ message: '', metadata: [], showMetadataErrors: false, strategy: '', conflicts: [], resolutions: {}, error: null }),
    /** Stops every open content comparison (the conflicts changed, or the modal closed). */
    closeContents: enqueueActions(({ context, enqueue }) => {
      for (const content of Object.values(context.contents)) enqueue.stopChild(content);
      enqueue.assign({ contents: {} });
    }),
    /** A new list of conflicts: choices are kept for the paths still on it. */
    takeConflicts: assign(({ context }, error: unknown) => {
      const conflicts = error instanceof MergeConflictError ? error.conflicts : [];
      const resolutions: Record<string, ConflictSide> = {};
      for (const { path } of conflicts) {
        const side = context.resolutions[path];
        if (side) resolutions[path] = side;
      }
      return { conflicts, resolutions, error };
    }),
    /** The dry run's conflicts are asked for before the first attempt, so the user chooses before merging. */
    takePreviewConflicts: assign(({ context }) => ({ conflicts: context.preview?.conflicts ?? [] })),
    /** The destination moved: whatever shows the comparison reloads (provided by the route). */
    merged: (_, _result: MergeResult) => {
      throw new Error('action merged was not provided');
    },
  },
}).createMachine({
  id: 'merge',
  context: ({ input }) => ({
    ...input,
    message: '',
    metadata: [],
    nextRowId: 1,
    showMetadataErrors: false,
    strategy: '',
    conflicts: [],
    resolutions: {},
    contents: {},
    error: null,
    lastMerge: null,
    preview: null,
    previewError: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'merge.open': { guard: 'mergeAllowed', target: 'open', actions: ['resetForm', 'takePreviewConflicts'] },
      },
      initial: 'deciding',
      states: {
        deciding: {
          always: [{ guard: 'canMerge', target: 'previewing' }, { target: 'unavailable' }],
        },
        /** Nothing to merge, or the repository is read-only: no dry run. */
        unavailable: {},
        previewing: {
          tags: ['previewing'],
          invoke: {
            src: 'preview',
            input: ({ context: { repoId, source, dest } }) => ({ repoId, source, dest }),
            onDone: { target: 'previewed', actions: assign({ preview: ({ event }) => event.output, previewError: null }) },
            onError: { target: 'previewFailed', actions: assign({ preview: null, previewError: ({ event }) => event.error }) },
          },
        },
        previewed: {},
        previewFailed: {
          on: { 'preview.retry': 'previewing' },
        },
      },
    },
    open: {
      on: {
        'merge.cancel': { target: 'idle', actions: 'closeContents' },
        'message.change': { actions: assign({ message: ({ event }) => event.value }) },
        'metadata.add': { actions: { type: 'editMetadata', params: ({ event }) => event } },
        'metadata.remove': { actions: { type: 'editMetadata', params: ({ event }) => event } },
        'metadata.change': { actions: { type: 'editMetadata', params: ({ event }) => event } },
        'strategy.change': { actions: assign({ strategy: ({ event }) => event.strategy }) },
        'conflict.choose': {
          actions: assign({ resolutions: ({ context, event }) => ({ ...context.resolutions, [event.path]: event.side }) }),
        },
        'conflict.toggleContent': [
          {
            guard: { type: 'contentShown', params: ({ event }) => event.path },
            actions: enqueueActions(({ context, event, enqueue }) => {
              const shown = context.contents[event.path];
              if (shown) enqueue.stopChild(shown);
              enqueue.assign({ contents: Object.fromEntries(Object.entries(context.contents).filter(([path]) => path !== event.path)) });
            }),
          },
          {
            actions: assign({
              contents: ({ context, event, spawn }) => {
                const conflict = context.conflicts.find((c) => c.path === event.path);
                if (!conflict) return context.contents;
                const entry = conflictEntry(conflict);
                // The destination's version (old) against the source's (new).
                const sides = { repoId: context.repoId, leftRef: context.dest, rightRef: context.source };
                return { ...context.contents, [event.path]: spawn('objectDiff', { id: contentId(event.path), input: { entry, sides } }) };
              },
            }),
          },
        ],
        'merge.submit': [
          { guard: 'readyToMerge', target: 'merging' },
          { actions: assign({ showMetadataErrors: true }) },
        ],
      },
    },
    merging: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        src: 'merge',
        input: ({ context }) => ({
          repoId: context.repoId,
          pullId: context.pullId,
          source: context.source,
          dest: context.dest,
          strategy: context.strategy,
          message: context.message,
          metadata: metadataRecord(context.metadata),
          // Choices answer the default strategy's conflicts; another strategy decides them all by itself.
          conflictResolutions: context.strategy === '' ? context.resolutions : {},
        }),
        onDone: {
          target: 'idle',
          actions: [
            'closeContents',
            assign({ lastMerge: ({ event }) => event.output, conflicts: [], resolutions: {}, hasChanges: false }),
            { type: 'merged', params: ({ event }) => event.output },
          ],
        },
        onError: [
          {
            guard: { type: 'conflictsListed', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            target: 'open',
            actions: ['closeContents', { type: 'takeConflicts', params: ({ event }: { event: ErrorActorEvent }) => event.error }],
          },
          { target: 'open', actions: assign({ error: ({ event }: { event: ErrorActorEvent }) => event.error }) },
        ],
      },
    },
  },
});

export type MergeActorRef = ActorRefFrom<typeof mergeMachine>;
export type MergeSnapshot = SnapshotFrom<typeof mergeMachine>;
