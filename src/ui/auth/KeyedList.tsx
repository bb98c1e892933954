import { useState, type ReactNode } from 'react';
import { useActorRef } from '../../lib/root-actors';
import type { Page, PageParams } from '../../api/types';
import { pagedListOf, type PagedListActorRef } from '../../machines/paged-list';

export interface KeyedListProps<T> {
  /** The route loader's first page; each load starts the list over from it. */
  firstPage: Page<T>;
  /** When the loader last read (the list is keyed on it). */
  loadedAt: number;
  fetch: (params: PageParams, signal: AbortSignal) => Promise<Page<T>>;
  prefix?: string;
  after?: string;
  children: (list: PagedListActorRef<T>) => ReactNode;
}

/** A paged list started from the route loader's first page, started over on each load. */
export function KeyedList<T>({ loadedAt, ...rest }: KeyedListProps<T>) {
  return <ListFromLoader key={loadedAt} {...rest} />;
}

function ListFromLoader<T>({ firstPage, fetch, prefix, after, children }: Omit<KeyedListProps<T>, 'loadedAt'>) {
  const [logic] = useState(() => pagedListOf(fetch));
  const list = useActorRef(logic, { input: { firstPage, prefix, startAfter: after } });
  return <>{children(list)}</>;
}
