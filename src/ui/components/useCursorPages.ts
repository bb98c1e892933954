import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { Page, Pagination } from '../../api/types';

export interface CursorPages<T> {
  /**
   * The loaded rows, in order. The array grows in place as pages arrive (appending a page costs that page, not a
   * copy of everything loaded) and is replaced when the list starts over; `version` changes whenever either
   * happens. Memoise on `version`, never on `rows` alone.
   */
  rows: readonly T[];
  version: number;
  /** The first page is loading (or reloading after refresh). */
  loading: boolean;
  loadingMore: boolean;
  hasMore: boolean;
  error: unknown;
  loadMore: () => void;
  refresh: () => void;
}

/** The paging props of a DataTable showing these pages: the loaded rows and the way to the next page. */
export function tablePaging<T>(pages: CursorPages<T>) {
  return { rows: pages.rows, hasMore: pages.hasMore, loadingMore: pages.loadingMore, onLoadMore: pages.loadMore };
}

type State = {
  version: number;
  nextAfter: string | undefined;
  hasMore: boolean;
  loading: boolean;
  loadingMore: boolean;
  error: unknown;
  generation: number;
};

type Action =
  | { type: 'start'; more: boolean }
  | { type: 'page'; pagination: Pagination }
  | { type: 'fail'; error: unknown }
  | { type: 'refresh' };

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'start':
      return action.more
        ? { ...state, loadingMore: true, error: undefined }
        : { ...state, loading: true, error: undefined };
    case 'page':
      return {
        ...state,
        version: state.version + 1,
        hasMore: action.pagination.has_more,
        nextAfter: action.pagination.next_offset || undefined,
        loading: false,
        loadingMore: false,
      };
    case 'fail':
      return { ...state, loading: false, loadingMore: false, error: action.error };
    case 'refresh':
      return { ...state, generation: state.generation + 1 };
  }
}

const initialState: State = {
  version: 0,
  nextAfter: undefined,
  hasMore: false,
  loading: true,
  loadingMore: false,
  error: undefined,
  generation: 0,
};

/**
 * Loads a cursor-paged list: the first page from `startAfter`, further pages on demand from the last
 * `next_offset`. `fetchPage` must be stable for one listing (memoise it on its inputs); a new `fetchPage` starts
 * the list over. Answers to superseded requests are dropped.
 */
export function useCursorPages<T>(
  fetchPage: (after: string | undefined) => Promise<Page<T>>,
  startAfter?: string,
): CursorPages<T> {
  const [state, dispatch] = useReducer(reducer, initialState);
  const requestId = useRef(0);
  // The rows live outside the reducer so that a page is appended once, in the answer's callback, and never by a
  // reducer (which React may call twice); the reducer's `version` is what renders them.
  const loaded = useRef<T[]>([]);

  const run = useCallback(
    (after: string | undefined, more: boolean) => {
      const id = ++requestId.current;
      dispatch({ type: 'start', more });
      fetchPage(after).then(
        (page) => {
          if (id !== requestId.current) return;
          if (more) {
            for (const row of page.results) loaded.current.push(row);
          } else {
            loaded.current = [...page.results];
          }
          dispatch({ type: 'page', pagination: page.pagination });
        },
        (error: unknown) => {
          if (id === requestId.current) dispatch({ type: 'fail', error });
        },
      );
    },
    [fetchPage],
  );

  useEffect(() => {
    const requests = requestId;
    run(startAfter, false);
    // Leaving this listing (new inputs or unmount) drops whatever answer is still on its way.
    return () => {
      requests.current++;
    };
  }, [run, startAfter, state.generation]);

  const { nextAfter, hasMore, loading, loadingMore } = state;
  const loadMore = useCallback(() => {
    if (hasMore && !loading && !loadingMore) run(nextAfter, true);
  }, [run, nextAfter, hasMore, loading, loadingMore]);
  const refresh = useCallback(() => dispatch({ type: 'refresh' }), []);

  return {
    // Read during render on purpose: it changes only together with `version`, which is state.
    rows: loaded.current,
    version: state.version,
    loading: state.loading,
    loadingMore: state.loadingMore,
    hasMore: state.hasMore,
    error: state.error,
    loadMore,
    refresh,
  };
}
