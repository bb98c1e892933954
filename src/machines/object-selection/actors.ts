import { fromPromise } from 'xstate';
import { listObjects } from '../../api/object-listing';
import type { ObjectStats, Page } from '../../api/types';
import { LIST_ALL_PAGE_SIZE } from '../../lib/page-sizes';
import { objectSelectionMachine, type PrefixPageRequest } from './machine';

/** The selection over the real API: "Select all in this prefix" lists the ref's objects 1,000 at a time. */
export const liveObjectSelectionMachine = objectSelectionMachine.provide({
  actors: {
    listPage: fromPromise<Page<ObjectStats>, PrefixPageRequest>(({ input, signal }) =>
      listObjects(input.repoId, input.refId, { prefix: input.prefix, after: input.after, amount: LIST_ALL_PAGE_SIZE }, signal),
    ),
  },
});
