// The objects page's reads over the real API. The listing's first page is one read shared by the route loader and
// the list machine when both ask at once (a refresh, a search), so it is requested once.
import { fromPromise } from 'xstate';
import { listObjects } from '../../api/objects';
import type { ObjectStats, Page } from '../../api/types';
import { LIST_ALL_PAGE_SIZE, PAGE_SIZE } from '../../lib/constants';
import { sharedRead } from '../../lib/shared-read';
import { liveBlameMachine } from '../blame';
import { liveDeleteObjectMachine } from '../delete-object';
import { pagedListMachine, type PageRequest } from '../paged-list/machine';
import { objectsPageMachine } from './machine';

/** One page of a folder's entries ('/' as the delimiter), shared with any caller asking the same at once. */
export function listObjectsPage(repoId: string, ref: string, request: PageRequest, signal?: AbortSignal): Promise<Page<ObjectStats>> {
  const { prefix, after, amount } = request;
  const key = ['objects', repoId, ref, prefix, after ?? '', amount].join('\u0000');
  return sharedRead(key, (shared) => listObjects(repoId, ref, { prefix, after, amount, delimiter: '/' }, shared), signal);
}

/**
 * A folder's listing: the first page is small so it shows quickly; further pages use the list-all size and are
 * fetched by cursor as the user scrolls, so long folders scroll without a request every hundred rows.
 */
export function objectsListMachine(repoId: string, refId: string, startAfter: string | undefined) {
  return pagedListMachine<ObjectStats>().provide({
    actors: {
      fetchPage: fromPromise<Page<ObjectStats>, PageRequest>(({ input, signal }) => {
        const first = input.after === undefined || input.after === startAfter;
        return listObjectsPage(repoId, refId, { ...input, amount: first ? PAGE_SIZE : LIST_ALL_PAGE_SIZE }, signal);
      }),
    },
  });
}

export interface ObjectsPageWiring {
  repoId: string;
  refId: string;
  after: string | undefined;
  /** router.invalidate(). */
  invalidate: () => void;
  /** Navigates to the same folder with this search (replacing the history entry). */
  showSearch: (search: string) => void;
}

/** The page machine over the real API, with the router's actions. */
export function createLiveObjectsPageMachine({ repoId, refId, after, invalidate, showSearch }: ObjectsPageWiring) {
  return objectsPageMachine.provide({
    actors: { list: objectsListMachine(repoId, refId, after), deleteObject: liveDeleteObjectMachine, blame: liveBlameMachine },
    actions: { invalidate, showSearch: (_, { search }) => showSearch(search) },
  });
}
