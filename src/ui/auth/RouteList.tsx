import { useMemo, type ReactNode } from 'react';
import type { Page, PageParams } from '../../api/types';
import { useScreen } from '../../lib/use-screen';
import { pagedListOf, type PagedListActorRef } from '../../machines/paged-list';

export interface RouteListProps<T> {
  /** The route loader's first page; each load starts the list over from it. */
  firstPage: Page<T>;
  fetch: (params: PageParams, signal: AbortSignal) => Promise<Page<T>>;
  prefix?: string;
  after?: string;
  children: (list: PagedListActorRef<T>) => ReactNode;
}

/**
 * A paged list started from the route loader's first page. One list lives as long as the route: each load of the
 * loader (a new page, cursor or prefix) starts it over from the page read, so the rows never blink empty.
 */
export function RouteList<T>({ firstPage, fetch, prefix, after, children }: RouteListProps<T>) {
  // `fetch` is an API function: the logic is made once per list.
  const logic = useMemo(() => pagedListOf(fetch), [fetch]);
  const list = useScreen(logic, { firstPage, prefix, startAfter: after });
  return <>{children(list)}</>;
}
