import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { Page } from '../../api/types';

export interface CursorPages<T> {
  rows: T[];
  /** The first page is loading (or reloading after refresh). */
  loading: boolean;
  loadingMore: boolean;
  hasMore: boolean;
  error: unknown;
  loadMore: () => void;
  refresh: () => void;
}

type State<T> = {
  rows: T[];
  nextAfter: string | undefined;
  hasMore: boolean;
  loading: boolean;
  loadingMore: boolean;
  error: unknown;
  generation: number;
};

type Action<T> =
  | { type: 'start'; more: boolean }
  | { type: 'page'; page: Page<T>; more: boolean }
  | { type: 'fail'; error: unknown }
  | { type: 'refresh' };

function reducer<T>(state: State<T>, action: Action<T>): State<T> {
  switch (action.type) {
    case 'start':
      return action.more
        ? { ...state, loadingMore: true, error: undefined }
        : { ...state, loading: true, error: undefined };
    case 'page':
      return {
        ...state,
        rows: action.more ? [...state.rows, ...action.page.results] : action.page.results,
        hasMore: action.page.pagination.has_more,
        nextAfter: action.page.pagination.next_offset || undefined,
        loading: false,
        loadingMore: false,
      };
    case 'fail':
      return { ...state, loading: false, loadingMore: false, error: action.error };
    case 'refresh':
      return { ...state, generation: state.generation + 1 };
  }
}

/**
 * Loads a cursor-paged list: the first page from `startAfter`, further pages on demand from the last
 * `next_offset`. `fetchPage` must be stable for one listing (memoise it on its inputs); a new `fetchPage` starts
 * the list over. Answers to superseded requests are dropped.
 */
export function useCursorPages<T>(
  fetchPage: (after: string | undefined) => Promise<Page<T>>,
  startAfter?: string,
): CursorPages<T> {
  const [state, dispatch] = useReducer(reducer<T>, {
    rows: [],
    nextAfter: undefined,
    hasMore: false,
    loading: true,
    loadingMore: false,
    error: undefined,
    generation: 0,
  });
  const requestId = useRef(0);

  const run = useCallback(
    (after: string | undefined, more: boolean) => {
      const id = ++requestId.current;
      dispatch({ type: 'start', more });
      fetchPage(after).then(
        (page) => {
          if (id === requestId.current) dispatch({ type: 'page', page, more });
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
    rows: state.rows,
    loading: state.loading,
    loadingMore: state.loadingMore,
    hasMore: state.hasMore,
    error: state.error,
    loadMore,
    refresh,
  };
}
