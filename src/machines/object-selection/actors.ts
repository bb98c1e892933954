import { fromPromise } from 'xstate';
import { listObjects } from '../../api/object-listing';
import type { ObjectStats, Page } from '../../api/types';
import { LIST_ALL_PAGE_SIZE } from '../../lib/constants';
import { objectSelectionMachine, type PrefixPageRequest } from './machine';

/** The selection of a listing of `refId`: "Select all in this prefix" lists the ref's objects 1,000 at a time. */
export function liveObjectSelectionMachine(repoId: string, refId: string) {
  return objectSelectionMachine.provide({
    actors: {
      listPage: fromPromise<Page<ObjectStats>, PrefixPageRequest>(({ input, signal }) =>
        listObjects(repoId, refId, { prefix: input.prefix, after: input.after, amount: LIST_ALL_PAGE_SIZE }, signal),
      ),
    },
  });
}
