import { useCallback } from 'react';
import { useSelector } from '@xstate/react';
import { pagedListView, type PagedListActorRef, type PagedListSnapshot } from '../../machines/paged-list';

/**
 * A paged list as a view shows it, with the DataTable's paging props. A further page that failed stops the table
 * asking for more (it would ask again and again); the view shows the error with `retry` instead.
 */
export function usePagedList<T>(list: PagedListActorRef<T>) {
  const view = useSelector(list, (snapshot: PagedListSnapshot<T>) => pagedListView(snapshot));
  const loadMore = useCallback(() => list.send({ type: 'list.loadMore' }), [list]);
  const retry = useCallback(() => list.send({ type: 'list.retry' }), [list]);
  const reload = useCallback(() => list.send({ type: 'list.reload' }), [list]);
  return {
    view,
    retry,
    reload,
    table: { rows: view.rows, hasMore: view.hasMore && !view.moreFailed, loadingMore: view.loadingMore, onLoadMore: loadMore },
  };
}
