// The objects page's machine over the real API.
import { fromPromise } from 'xstate';
import { listFolderPage } from '../../api/object-listing';
import type { ObjectStats, Page } from '../../api/types';
import { LIST_ALL_PAGE_SIZE, PAGE_SIZE } from '../../lib/page-sizes';
import { liveBlameMachine } from '../blame';
import { liveBranchMovedMachine } from '../branch-moved';
import { liveBulkDeleteMachine } from '../bulk-delete';
import { liveBulkDownloadMachine } from '../bulk-download';
import { liveConfirmDeleteMachine } from '../confirm-delete';
import { liveGcWarningMachine } from '../gc-warning';
import { liveImportMachine } from '../import';
import { liveObjectSelectionMachine } from '../object-selection';
import { pagedListMachine, type PageRequest } from '../paged-list/machine';
import { liveUploadPermissionMachine } from '../upload-permission';
import { liveUploadQueueMachine } from '../upload-queue';
import { objectsPageMachine, policiesOf, storageOf, type FolderSource } from './machine';

/**
 * A folder's listing: the first page is small so it shows quickly; further pages use the list-all size and are
 * fetched by cursor as the user scrolls, so long folders scroll without a request every hundred rows.
 */
export const objectsListMachine = pagedListMachine<ObjectStats, FolderSource>().provide({
  actors: {
    fetchPage: fromPromise<Page<ObjectStats>, PageRequest<FolderSource>>(({ input, signal }) => {
      const { repoId, refId, startAfter } = input.source;
      const first = input.after === undefined || input.after === startAfter;
      return listFolderPage(repoId, refId, { ...input, amount: first ? PAGE_SIZE : LIST_ALL_PAGE_SIZE }, signal);
    }),
  },
});

/** The page machine over the real API; the route's helper provides the router's actions. */
export const liveObjectsPageMachine = objectsPageMachine.provide({
  actors: {
    list: objectsListMachine,
    selection: liveObjectSelectionMachine,
    permissions: liveUploadPermissionMachine,
    gcWarning: liveGcWarningMachine,
    storage: storageOf,
    policies: policiesOf,
    upload: liveUploadQueueMachine,
    import: liveImportMachine,
    deleteObject: liveConfirmDeleteMachine,
    blame: liveBlameMachine,
    bulkDelete: liveBulkDeleteMachine,
    bulkDownload: liveBulkDownloadMachine,
    moved: liveBranchMovedMachine,
  },
});
