// The objects page's machine over the real API.
import { fromCallback, fromPromise } from 'xstate';
import type { ObjectStats, Page } from '../../api/types';
import { LIST_ALL_PAGE_SIZE, PAGE_SIZE } from '../../lib/constants';
import { liveBlameMachine } from '../blame';
import { liveBulkDeleteMachine } from '../bulk-delete';
import { liveBulkDownloadMachine } from '../bulk-download';
import { liveDeleteObjectMachine } from '../delete-object';
import { liveObjectSelectionMachine } from '../object-selection';
import { pagedListMachine, type PageRequest } from '../paged-list/machine';
import type { SessionActorRef, SessionSnapshot } from '../session/machine';
import { objectsPageMachine, type StorageReport } from './machine';
import { listObjectsPage } from './reads';

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

/** Whether the server's storage can import, from the session's settings once they are read. */
export function storageSupportOf(session: SessionActorRef) {
  return fromCallback(({ sendBack }) => {
    let reported = false;
    const follow = (snapshot: SessionSnapshot) => {
      if (reported || snapshot.matches({ settings: 'loading' })) return;
      reported = true;
      const storage = snapshot.context.config?.storage_config;
      const report: StorageReport = storage ? { type: 'storage.known', importSupport: storage.import_support } : { type: 'storage.unknown' };
      sendBack(report);
    };
    const subscription = session.subscribe(follow);
    follow(session.getSnapshot());
    return () => subscription.unsubscribe();
  });
}

export interface ObjectsPageWiring {
  /** The session, whose settings say whether the server can import. */
  session: SessionActorRef;
  repoId: string;
  refId: string;
  after: string | undefined;
  /** router.invalidate(). */
  invalidate: () => void;
  /** Navigates to the same folder with this search (replacing the history entry). */
  showSearch: (search: string) => void;
  /** Puts `importDialog` in the URL, which opens the import dialog. */
  showImport: () => void;
}

/** The page machine over the real API, with the router's actions. */
export function createLiveObjectsPageMachine({ session, repoId, refId, after, invalidate, showSearch, showImport }: ObjectsPageWiring) {
  return objectsPageMachine.provide({
    actors: {
      list: objectsListMachine(repoId, refId, after),
      deleteObject: liveDeleteObjectMachine,
      blame: liveBlameMachine,
      selection: liveObjectSelectionMachine(repoId, refId),
      bulkDelete: liveBulkDeleteMachine,
      bulkDownload: liveBulkDownloadMachine,
      storageSupport: storageSupportOf(session),
    },
    actions: { invalidate, showSearch: (_, { search }) => showSearch(search), showImport },
  });
}
