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
