// Deleting the selected objects of a branch in bulk (issue 12 "Bulk operations"): the user confirms a dialog naming
// the count and the branch, then lakeFS's deleteObjects runs request by request, DELETE_OBJECTS_CHUNK paths at a
// time, with progress (paths done of the total). Cancel stops after the request in flight: a request the server is
// running cannot be taken back, so it is let finish and counted. The machine ends with a summary: the objects deleted,
// the paths the server refused (its ObjectErrorList) and the requests that failed as a whole. The objects page starts
// one only on a branch of a writable repository, as it does the single delete.
import { assign, setup, type ActorRefFrom, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import type { ObjectErrorList } from '../../api/types';
import { promisePlaceholder } from '../../lib/actor-placeholders';
import { errorMessage } from '../../lib/error-message';

/** lakeFS's deleteObjects takes at most this many paths a request. */
export const DELETE_OBJECTS_CHUNK = 1000;

export interface BulkDeleteInput {
  repoId: string;
  branch: string;
  paths: readonly string[];
}

/** One deleteObjects request: the same shape as the run's input, with at most DELETE_OBJECTS_CHUNK paths. */
export type DeleteChunkInput = BulkDeleteInput;

export interface PathFailure {
  path: string;
  message: string;
}

/** A deleteObjects request that failed as a whole: none of its paths is known to be deleted. */
export interface RequestFailure {
  /** The request's first path, to say which part of the selection it was. */
  firstPath: string;
  count: number;
  message: string;
}

export interface BulkDeleteSummary {
  total: number;
  deleted: number;
  failures: PathFailure[];
  failedRequests: RequestFailure[];
  /** Paths never sent because the run was cancelled. */
  notSent: number;
  cancelled: boolean;
}

export interface BulkDeleteContext extends BulkDeleteInput {
  chunks: (readonly string[])[];
  /** The chunk being deleted (or the number sent, once done). */
  next: number;
  /** Paths whose request has answered, deleted or not. */
  done: number;
  deleted: number;
  failures: PathFailure[];
  failedRequests: RequestFailure[];
  cancelRequested: boolean;
}

export interface BulkDeleteOutput {
  /** Undefined when the user declined the confirmation: nothing was sent. */
  summary: BulkDeleteSummary | undefined;
}

export type BulkDeleteEvent = { type: 'delete.confirm' } | { type: 'delete.cancel' } | { type: 'run.cancel' };

function chunked(paths: readonly string[], size: number): (readonly string[])[] {
  const chunks: (readonly string[])[] = [];
  for (let start = 0; start < paths.length; start += size) chunks.push(paths.slice(start, start + size));
  return chunks;
}

const current = (context: BulkDeleteContext): readonly string[] => context.chunks[context.next] ?? [];

export const bulkDeleteMachine = setup({
  types: {
    input: {} as BulkDeleteInput,
    context: {} as BulkDeleteContext,
    events: {} as BulkDeleteEvent,
    output: {} as BulkDeleteOutput,
  },
  actors: {
    deleteChunk: promisePlaceholder<ObjectErrorList, DeleteChunkInput>('deleteChunk'),
  },
  actions: {
    takeAnswer: assign(({ context }, answer: ObjectErrorList) => {
      const paths = current(context);
      const failures = answer.errors.map((e) => ({ path: e.path ?? '', message: e.message }));
      return {
        next: context.next + 1,
        done: context.done + paths.length,
        deleted: context.deleted + Math.max(paths.length - failures.length, 0),
        failures: [...context.failures, ...failures],
      };
    }),
    takeFailure: assign(({ context }, error: unknown) => {
      const paths = current(context);
      return {
        next: context.next + 1,
        done: context.done + paths.length,
        failedRequests: [...context.failedRequests, { firstPath: paths[0] ?? '', count: paths.length, message: errorMessage(error) }],
      };
    }),
  },
  guards: {
    // Asked before the answer is taken: `next` is still the chunk that just answered.
    moreToSend: ({ context }) => !context.cancelRequested && context.next + 1 < context.chunks.length,
  },
}).createMachine({
  id: 'bulkDelete',
  context: ({ input }) => ({
    ...input,
    chunks: chunked(input.paths, DELETE_OBJECTS_CHUNK),
    next: 0,
    done: 0,
    deleted: 0,
    failures: [],
    failedRequests: [],
    cancelRequested: false,
  }),
  initial: 'confirming',
  states: {
    confirming: {
      on: { 'delete.confirm': 'deleting', 'delete.cancel': 'declined' },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        src: 'deleteChunk',
        input: ({ context }) => ({ repoId: context.repoId, branch: context.branch, paths: current(context) }),
        onDone: [
          { guard: 'moreToSend', target: 'deleting', reenter: true, actions: { type: 'takeAnswer', params: ({ event }) => event.output } },
          { target: 'finished', actions: { type: 'takeAnswer', params: ({ event }) => event.output } },
        ],
        onError: [
          { guard: 'moreToSend', target: 'deleting', reenter: true, actions: { type: 'takeFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
          { target: 'finished', actions: { type: 'takeFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
        ],
      },
      on: { 'run.cancel': { actions: assign({ cancelRequested: true }) } },
    },
    finished: { type: 'final' },
    declined: { type: 'final' },
  },
  output: ({ context }) => ({ summary: context.next === 0 ? undefined : bulkDeleteSummary(context) }),
});

export function bulkDeleteSummary(context: BulkDeleteContext): BulkDeleteSummary {
  return {
    total: context.paths.length,
    deleted: context.deleted,
    failures: context.failures,
    failedRequests: context.failedRequests,
    notSent: context.paths.length - context.done,
    cancelled: context.cancelRequested && context.done < context.paths.length,
  };
}

export type BulkDeleteActorRef = ActorRefFrom<typeof bulkDeleteMachine>;
export type BulkDeleteSnapshot = SnapshotFrom<typeof bulkDeleteMachine>;
