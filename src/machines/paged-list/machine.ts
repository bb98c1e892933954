// The one headless list of the console: cursor paging by `after`, a page size, a prefix filter, "load more",
// reload, and an error with retry for the first page and for a further page alike. Every list (repositories,
// objects, changes, commits, and the branches, tags, users, groups and policies to come) is this machine with its
// own `fetchPage` actor provided.
import { assign, setup, type ActorRefFrom, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import type { Page } from '../../api/types';
import { promisePlaceholder } from '../../lib/actors';
import { PAGE_SIZE } from '../../lib/constants';

/** What `fetchPage` is asked for. `after` is the cursor: the last row of the page before. */
export interface PageRequest {
  after: string | undefined;
  prefix: string;
  amount: number;
}

export interface PagedListInput<T> {
  pageSize?: number;
  prefix?: string;
  /** The cursor the list starts from (the URL's `after`). */
  startAfter?: string;
  /** The first page when a route loader has fetched it already: the list starts ready, with no request. */
  firstPage?: Page<T>;
}

export interface PagedListContext<T> {
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

export type PagedListEvent =
  | { type: 'list.loadMore' }
  | { type: 'list.reload' }
  | { type: 'list.retry' }
  | { type: 'list.filter'; prefix: string };

/** A paged list of `T`; provide its `fetchPage` actor with `.provide({ actors: { fetchPage } })`. */
export function pagedListMachine<T>() {
  return setup({
    types: {
      input: {} as PagedListInput<T>,
      context: {} as PagedListContext<T>,
      events: {} as PagedListEvent,
    },
    actors: {
      fetchPage: promisePlaceholder<Page<T>, PageRequest>('fetchPage'),
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
    },
    guards: {
      preloaded: ({ context }) => context.version > 0,
      hasMore: ({ context }) => context.hasMore,
    },
  }).createMachine({
    id: 'pagedList',
    context: ({ input }) => ({
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
          input: ({ context }) => ({ after: context.startAfter, prefix: context.prefix, amount: context.pageSize }),
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
          input: ({ context }) => ({ after: context.nextAfter, prefix: context.prefix, amount: context.pageSize }),
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

export type PagedListMachine<T> = ReturnType<typeof pagedListMachine<T>>;
export type PagedListActorRef<T> = ActorRefFrom<PagedListMachine<T>>;
export type PagedListSnapshot<T> = SnapshotFrom<PagedListMachine<T>>;

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
