// The one headless list of the console: cursor paging by `after`, a page size, a prefix filter, "load more",
// reload, and an error with retry for the first page and for a further page alike. Every list (repositories,
// objects, changes, commits, and the branches, tags, users, groups and policies to come) is this machine with its
// own `fetchPage` actor provided.
import { assign, setup, type ActorRefFrom, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import type { Page } from '../../api/types';
import { promisePlaceholder } from '../../lib/actor-placeholders';
import { PAGE_SIZE } from '../../lib/page-sizes';
import type { RouteChanged } from '../../lib/screen';

/**
 * What `fetchPage` is asked for. `after` is the cursor: the last row of the page before. `source` is what the list
 * lists (a repository and ref, a pair of refs...), as its owner gave it: a list that outlives a route's change of
 * source keeps one machine and is told the new source (`route.changed`).
 */
export interface PageRequest<TSource = undefined> {
  after: string | undefined;
  prefix: string;
  amount: number;
  source: TSource;
}

export interface PagedListInput<T, TSource = undefined> {
  /** What the list lists, passed to every `fetchPage`. */
  source?: TSource;
  pageSize?: number;
  prefix?: string;
  /** The cursor the list starts from (the URL's `after`). */
  startAfter?: string;
  /** The first page when a route loader has fetched it already: the list starts ready, with no request. */
  firstPage?: Page<T>;
}

export interface PagedListContext<T, TSource = undefined> {
  source: TSource;
  /** Loaded rows in order; a new array whenever it changes. */
  rows: readonly T[];
  /** Counts changes of `rows` (a page appended, the list started over), for views that memoise on it. */
  version: number;
  pageSize: number;
  prefix: string;
  startAfter: string | undefined;
  /** Where the next page starts; meaningful while `hasMore`. */
  nextAfter: string | undefined;
  hasMore: boolean;
  error: unknown;
}

export type PagedListEvent<T = unknown, TSource = undefined> =
  | { type: 'list.loadMore' }
  | { type: 'list.reload' }
  | { type: 'list.retry' }
  | { type: 'list.filter'; prefix: string }
  /**
   * Start over where the route now points (its loader read again, or the URL moved): from `firstPage` when the
   * loader read it, else by reading the first page. A list a route runs by itself (useScreen) hears it from there.
   */
  | RouteChanged<ListPlace<T, TSource>>;

/** Where a list starts: its source, prefix and cursor, and the first page when it was read already. */
export type ListPlace<T, TSource = undefined> = Pick<PagedListInput<T, TSource>, 'source' | 'prefix' | 'startAfter' | 'firstPage'>;

/** A paged list of `T`; provide its `fetchPage` actor with `.provide({ actors: { fetchPage } })`. */
export function pagedListMachine<T, TSource = undefined>() {
  return setup({
    types: {
      input: {} as PagedListInput<T, TSource>,
      context: {} as PagedListContext<T, TSource>,
      events: {} as PagedListEvent<T, TSource>,
    },
    actors: {
      fetchPage: promisePlaceholder<Page<T>, PageRequest<TSource>>('fetchPage'),
    },
    actions: {
      startOver: assign({ rows: [], version: ({ context }) => context.version + 1, hasMore: false, nextAfter: undefined }),
      takePage: assign(({ context }, page: Page<T>) => ({
        rows: context.rows.length === 0 ? page.results : [...context.rows, ...page.results],
        version: context.version + 1,
        hasMore: page.pagination.has_more,
        nextAfter: page.pagination.next_offset || undefined,
        error: undefined,
      })),
      setError: assign((_, error: unknown) => ({ error })),
      clearError: assign({ error: undefined }),
      setPrefix: assign((_, prefix: string) => ({ prefix, startAfter: undefined })),
      setPlace: assign(({ context }, place: ListPlace<T, TSource>) => ({
        source: 'source' in place ? (place.source as TSource) : context.source,
        prefix: place.prefix ?? '',
        startAfter: place.startAfter,
      })),
      takeFirstPage: assign(({ context }, page: Page<T>) => ({
        rows: page.results,
        version: context.version + 1,
        hasMore: page.pagination.has_more,
        nextAfter: page.pagination.next_offset || undefined,
        error: undefined,
      })),
    },
    guards: {
      preloaded: ({ context }) => context.version > 0,
      hasMore: ({ context }) => context.hasMore,
      given: (_, page: Page<T> | undefined) => page !== undefined,
    },
  }).createMachine({
    id: 'pagedList',
    context: ({ input }) => ({
      source: input.source as TSource,
      rows: input.firstPage?.results ?? [],
      version: input.firstPage ? 1 : 0,
      pageSize: input.pageSize ?? PAGE_SIZE,
      prefix: input.prefix ?? '',
      startAfter: input.startAfter,
      nextAfter: input.firstPage?.pagination.next_offset || undefined,
      hasMore: input.firstPage?.pagination.has_more ?? false,
      error: undefined,
    }),
    initial: 'starting',
    on: {
      'list.reload': { target: '.loading', reenter: true },
      'list.filter': { target: '.loading', reenter: true, actions: { type: 'setPrefix', params: ({ event }) => event.prefix } },
      'route.changed': [
        {
          guard: { type: 'given', params: ({ event }) => event.input.firstPage },
          target: '.ready',
          reenter: true,
          actions: [
            { type: 'setPlace', params: ({ event }) => event.input },
            { type: 'takeFirstPage', params: ({ event }) => event.input.firstPage! },
          ],
        },
        { target: '.loading', reenter: true, actions: { type: 'setPlace', params: ({ event }) => event.input } },
      ],
    },
    states: {
      starting: {
        always: [{ guard: 'preloaded', target: 'ready' }, { target: 'loading' }],
      },
      loading: {
        tags: ['loading'],
        entry: ['startOver', 'clearError'],
        invoke: {
          src: 'fetchPage',
          input: ({ context }) => ({ after: context.startAfter, prefix: context.prefix, amount: context.pageSize, source: context.source }),
          onDone: { target: 'ready', actions: { type: 'takePage', params: ({ event }) => event.output } },
          onError: { target: 'failed', actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
        },
      },
      ready: {
        on: { 'list.loadMore': { guard: 'hasMore', target: 'loadingMore' } },
      },
      loadingMore: {
        tags: ['loadingMore'],
        entry: 'clearError',
        invoke: {
          src: 'fetchPage',
          input: ({ context }) => ({ after: context.nextAfter, prefix: context.prefix, amount: context.pageSize, source: context.source }),
          onDone: { target: 'ready', actions: { type: 'takePage', params: ({ event }) => event.output } },
          onError: { target: 'moreFailed', actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
        },
      },
      failed: {
        on: { 'list.retry': 'loading' },
      },
      moreFailed: {
        on: { 'list.retry': 'loadingMore' },
      },
    },
  });
}

/**
 * Any list's source, as views see a list: they show its rows and send it paging events, never its source (the
 * machine types are invariant in it, so a view taking lists of every source needs this).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySource = any;

export type PagedListMachine<T, TSource = undefined> = ReturnType<typeof pagedListMachine<T, TSource>>;
export type PagedListActorRef<T, TSource = AnySource> = ActorRefFrom<PagedListMachine<T, TSource>>;
export type PagedListSnapshot<T, TSource = AnySource> = SnapshotFrom<PagedListMachine<T, TSource>>;

/** What a view shows of a list: its rows and whether it is loading, can load more, or failed. */
export function pagedListView<T>(snapshot: PagedListSnapshot<T>) {
  const { rows, version, hasMore, error, prefix } = snapshot.context;
  return {
    rows,
    version,
    prefix,
    hasMore,
    loading: snapshot.hasTag('loading'),
    loadingMore: snapshot.hasTag('loadingMore'),
    /** The first page failed: the list has nothing to show but the error. */
    failed: snapshot.matches('failed'),
    /** A further page failed: the loaded rows stay, with the error and a retry under them. */
    moreFailed: snapshot.matches('moreFailed'),
    error,
  };
}

export type PagedListView<T> = ReturnType<typeof pagedListView<T>>;
