import { fromPromise } from 'xstate';
import type { Page, PageParams } from '../../api/types';
import { pagedListMachine, type PageRequest } from './machine';

/** A paged list over one listing call that takes lakeFS's paging parameters. */
export function pagedListOf<T>(fetch: (params: PageParams, signal: AbortSignal) => Promise<Page<T>>) {
  return pagedListMachine<T>().provide({
    actors: {
      fetchPage: fromPromise<Page<T>, PageRequest>(({ input, signal }) =>
        fetch({ prefix: input.prefix || undefined, after: input.after, amount: input.amount }, signal),
      ),
    },
  });
}

/**
 * A paged list over one listing call of a source (a repository, a repository and a filter...) that the route gives
 * in the list's input and may change later (`route.changed`), so one list serves every source.
 */
export function pagedListOver<T, TSource>(fetch: (source: TSource, params: PageParams, signal: AbortSignal) => Promise<Page<T>>) {
  return pagedListMachine<T, TSource>().provide({
    actors: {
      fetchPage: fromPromise<Page<T>, PageRequest<TSource>>(({ input, signal }) =>
        fetch(input.source, { prefix: input.prefix || undefined, after: input.after, amount: input.amount }, signal),
      ),
    },
  });
}
