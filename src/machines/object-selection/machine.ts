// The selection of the objects listing (issue 12 "Bulk operations"): rows ticked one by one, a shift-click range,
// the header checkbox for the loaded rows, and "Select all in this prefix", which lists every object under the
// listing's prefix recursively (no delimiter), page after page, objects not loaded yet included, the count growing
// as it goes and stopping at SELECT_IN_PREFIX_CAP. Only objects are selected: folders are reached through the
// prefix. The objects page runs the bulk delete and the zip download over what is selected here.
import { assign, setup, type ActorRefFrom, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import type { ObjectStats, Page } from '../../api/types';
import { promisePlaceholder } from '../../lib/actor-placeholders';
import { arn } from '../../lib/permission-names';
import { permissionOf, type Permission, type PermissionCheck } from '../session/machine';
import { toggled, withAll, withRange, type Selection } from '../list-selection/selection';

/** "Select all in this prefix" stops listing at this many objects, and says so. */
export const SELECT_IN_PREFIX_CAP = 100_000;

/** The listing the selection is of: "Select all in this prefix" lists this repository's ref. */
export interface ListingScope {
  repoId: string;
  refId: string;
}

export interface ObjectSelectionInput extends ListingScope {
  /** Where "Select all in this prefix" stops; SELECT_IN_PREFIX_CAP unless a test sets a smaller one. */
  cap?: number;
  /** The user's policies as far as known (null: unknown, the server has the last word). */
  policies?: PermissionCheck | null;
}

/** How far the listing of "Select all in this prefix" went. */
export interface PrefixListing {
  prefix: string;
  /** The cursor of the next page while the listing goes on (or after it failed). */
  after: string | undefined;
  complete: boolean;
  /** The listing stopped at the cap with objects left under the prefix. */
  capped: boolean;
}

export interface PrefixPageRequest extends ListingScope {
  prefix: string;
  after: string | undefined;
}

export interface ObjectSelectionContext extends ListingScope {
  selected: Selection;
  /** The row a shift-click extends from: the last one ticked by hand. */
  anchor: string | null;
  /** Set while the selection is "everything under this prefix"; a change by hand clears it. */
  listing: PrefixListing | null;
  cap: number;
  error: unknown;
  policies: PermissionCheck | null;
}

export type ObjectSelectionEvent =
  | { type: 'select.toggle'; path: string }
  /** Shift-click on `path`: `order` is the loaded objects' paths in listing order. */
  | { type: 'select.range'; path: string; order: readonly string[] }
  /** The header checkbox: every loaded object (`paths`) selected or not. */
  | { type: 'select.page'; paths: readonly string[]; checked: boolean }
  | { type: 'select.prefix'; prefix: string }
  | { type: 'select.retry' }
  | { type: 'select.clear' }
  /** The selection becomes exactly `paths` (what a bulk delete could not delete). */
  | { type: 'select.only'; paths: readonly string[] }
  /** The user's policies changed (they load after sign-in). */
  | { type: 'select.policies'; policies: PermissionCheck | null };

const byHand = { listing: null, error: undefined } as const;

/** The objects' paths among listing rows, in listing order (folders are not selectable). */
export function objectPaths(rows: readonly ObjectStats[]): string[] {
  return rows.filter((entry) => entry.path_type === 'object').map((entry) => entry.path);
}

export const objectSelectionMachine = setup({
  types: {
    input: {} as ObjectSelectionInput,
    context: {} as ObjectSelectionContext,
    events: {} as ObjectSelectionEvent,
  },
  actors: {
    /** One page of every object under a prefix (no delimiter), as many as the server gives at once. */
    listPage: promisePlaceholder<Page<ObjectStats>, PrefixPageRequest>('listPage'),
  },
  actions: {
    takePage: assign(({ context }, page: Page<ObjectStats>) => {
      const room = context.cap - context.selected.length;
      const paths = objectPaths(page.results);
      const more = page.pagination.has_more;
      const capped = paths.length > room || (paths.length === room && more);
      return {
        selected: withAll(context.selected, paths.slice(0, Math.max(room, 0)), true),
        listing: context.listing && {
          ...context.listing,
          after: page.pagination.next_offset || undefined,
          complete: !more || capped,
          capped,
        },
      };
    }),
  },
}).createMachine({
  id: 'objectSelection',
  context: ({ input }) => ({
    repoId: input.repoId,
    refId: input.refId,
    selected: [],
    anchor: null,
    listing: null,
    cap: input.cap ?? SELECT_IN_PREFIX_CAP,
    error: undefined,
    policies: input.policies ?? null,
  }),
  initial: 'idle',
  on: {
    'select.clear': { target: '.idle', actions: assign({ selected: [], anchor: null, ...byHand }) },
    'select.only': { target: '.idle', actions: assign({ selected: ({ event }) => event.paths, anchor: null, ...byHand }) },
    'select.policies': { actions: assign(({ event }) => ({ policies: event.policies })) },
  },
  states: {
    idle: {
      on: {
        'select.toggle': {
          actions: assign({ selected: ({ context, event }) => toggled(context.selected, event.path), anchor: ({ event }) => event.path, ...byHand }),
        },
        'select.range': {
          actions: assign({
            selected: ({ context, event }) => withRange(context.selected, event.order, context.anchor, event.path),
            anchor: ({ event }) => event.path,
            ...byHand,
          }),
        },
        'select.page': {
          actions: assign({ selected: ({ context, event }) => withAll(context.selected, event.paths, event.checked), ...byHand }),
        },
        'select.prefix': {
          target: 'listing',
          actions: assign({
            selected: [],
            anchor: null,
            error: undefined,
            listing: ({ event }) => ({ prefix: event.prefix, after: undefined, complete: false, capped: false }),
          }),
        },
      },
    },
    listing: {
      tags: ['busy'],
      invoke: {
        src: 'listPage',
        input: ({ context }) => ({
          repoId: context.repoId,
          refId: context.refId,
          prefix: context.listing?.prefix ?? '',
          after: context.listing?.after,
        }),
        onDone: [
          {
            guard: ({ context, event }) =>
              event.output.pagination.has_more && context.selected.length + event.output.results.length < context.cap,
            target: 'listing',
            reenter: true,
            actions: { type: 'takePage', params: ({ event }) => event.output },
          },
          { target: 'idle', actions: { type: 'takePage', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }: { event: ErrorActorEvent }) => event.error }) },
      },
    },
    // The objects listed so far stay selected; retry goes on from the page that failed.
    failed: {
      on: {
        'select.retry': { target: 'listing', actions: assign({ error: undefined }) },
      },
    },
  },
});

export type ObjectSelectionActorRef = ActorRefFrom<typeof objectSelectionMachine>;
export type ObjectSelectionSnapshot = SnapshotFrom<typeof objectSelectionMachine>;

/** Whether the selection is settled, so a bulk run may start from it (not while "Select all" is listing). */
export function selectionReady(snapshot: ObjectSelectionSnapshot): boolean {
  return snapshot.matches('idle') && snapshot.context.selected.length > 0;
}

const ALLOWED: Permission = { allowed: true, reason: undefined };

/**
 * Whether the user may delete the selection, as the single delete asks per object: the first selected path the
 * user's policies refuse refuses it all, with that refusal's reason. While "Select all" lists, the selection is not
 * final, and nothing can start from it anyway.
 */
export function bulkDeletePermission(snapshot: ObjectSelectionSnapshot): Permission {
  if (snapshot.matches('listing')) return ALLOWED;
  const { repoId, policies, selected } = snapshot.context;
  for (const path of selected) {
    const answer = permissionOf(policies, 'fs:DeleteObject', arn.object(repoId, path));
    if (!answer.allowed) return answer;
  }
  return ALLOWED;
}
