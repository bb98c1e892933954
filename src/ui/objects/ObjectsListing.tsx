import { lazy, Suspense, useMemo } from 'react';
import { Button, Stack } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { shallowEqual, useSelector } from '@xstate/react';
import type { ObjectStats } from '../../api/types';
import { usePermissionCheck } from '../../lib/use-session';
import { arn } from '../../lib/permission-names';
import {
  blameFlow,
  bulkDeleteFlow,
  bulkDownloadFlow,
  changesAllowed,
  deleteObjectFlow,
  listFlow,
  selectionFlow,
  type ObjectsPageActorRef,
  type ObjectsPageSnapshot,
} from '../../machines/objects-page';
import { DataTable, EmptyState, ErrorAlert, Loading, usePagedList } from '../components';
import { lazyDialog } from '../components/lazyDialog';
import { ObjectDeleteRightsContext, objectColumns, type ObjectDeleteRights } from './objectColumns';
import { SelectionBar } from './SelectionBar';

export interface ObjectsListingProps {
  page: ObjectsPageActorRef;
}

const rowId = (entry: ObjectStats) => entry.path;

const selectFolder = ({ context }: ObjectsPageSnapshot) => ({
  repoId: context.repoId,
  refId: context.refId,
  refKind: context.refKind,
  dir: context.dir,
  search: context.search,
});

// The bulk flows' dialogs load when one first opens: most visits to a folder never select anything.
// Fetched after the first paint (lazyDialog): a deletion's question and the blame of a row are none of the listing's first paint.
const ConfirmDeleteDialog = lazyDialog(() => import('../components/ConfirmDeleteDialog').then((m) => m.ConfirmDeleteDialog));
const BlameFlowDialog = lazyDialog(
  () => import('./BlameDialog').then((m) => m.BlameFlowDialog),
  ({ blame }) => blame !== undefined,
);
const BulkDeleteDialog = lazy(() => import('./BulkDialogs').then((m) => ({ default: m.BulkDeleteDialog })));
const BulkDownloadDialog = lazy(() => import('./BulkDialogs').then((m) => ({ default: m.BulkDownloadDialog })));
const BulkSummaryDialog = lazy(() => import('./BulkDialogs').then((m) => ({ default: m.BulkSummaryDialog })));

/**
 * The folder's entries, one server page at a time as the user scrolls, as a keyboard grid with a checkbox column; the
 * selection's bar, and the dialogs of the delete, blame and bulk flows.
 */
export function ObjectsListing({ page }: ObjectsListingProps) {
  // One listing and selection per folder: they change when the page moves to another folder or ref.
  const list = useSelector(page, listFlow);
  const selection = useSelector(page, selectionFlow);
  if (!list || !selection) return <Loading />;
  return <FolderListing page={page} list={list} selection={selection} />;
}

interface FolderListingProps extends ObjectsListingProps {
  list: NonNullable<ReturnType<typeof listFlow>>;
  selection: NonNullable<ReturnType<typeof selectionFlow>>;
}

function FolderListing({ page, list, selection }: FolderListingProps) {
  const { repoId, refId, refKind, dir, search } = useSelector(page, selectFolder, shallowEqual);
  const { view, table, retry } = usePagedList(list);
  const canDelete = useSelector(page, changesAllowed);
  const permission = usePermissionCheck();
  const deleting = useSelector(page, deleteObjectFlow);
  const blame = useSelector(page, blameFlow);
  const bulkDelete = useSelector(page, bulkDeleteFlow);
  const bulkDownload = useSelector(page, bulkDownloadFlow);
  const bulkSummary = useSelector(page, (s) => s.context.bulkSummary);

  const columns = useMemo(
    () =>
      objectColumns({
        repoId,
        refId,
        dir,
        onDelete: (entry) => page.send({ type: 'object.delete', path: entry.path }),
        onBlame: (entry) => page.send({ type: 'blame.open', target: { path: entry.path, pathType: entry.path_type } }),
        selection,
        list,
      }),
    [page, repoId, refId, dir, selection, list],
  );
  const deleteRights = useMemo<ObjectDeleteRights>(
    () => ({ canDelete, deletePermission: (path) => permission('fs:DeleteObject', arn.object(repoId, path)) }),
    [canDelete, permission, repoId],
  );

  // Folders are the paths' prefixes, so an empty folder is one this ref does not have (lakeFS's console shows an empty
  // list there): say so, and offer the ref's root.
  const empty =
    search !== '' ? (
      <EmptyState title="No objects here" description={`Nothing starts with "${search}".`} />
    ) : dir !== '' ? (
      <EmptyState title={`${dir} does not exist on ${refId}`} description="It may be on another branch, or everything in it was deleted here.">
        <Button asChild size="sm" variant="outline" colorPalette="tarn">
          <RouterLink to="/repositories/$repoId/objects" params={{ repoId }} search={{ ref: refId }}>
            Go to the root of {refId}
          </RouterLink>
        </Button>
      </EmptyState>
    ) : refKind !== 'branch' ? (
      <EmptyState title="Nothing here" description="Switch to another branch or tag to see something." />
    ) : (
      <EmptyState title="Your repository is ready!" description="Upload objects to get started." />
    );

  return (
    <Stack gap="3">
      {view.rows.length > 0 && <SelectionBar page={page} selection={selection} prefix={view.prefix} canDelete={canDelete} />}
      {view.loading ? (
        <Loading />
      ) : view.failed ? (
        <ErrorAlert error={view.error} onRetry={retry} />
      ) : (
        <ObjectDeleteRightsContext value={deleteRights}>
          <DataTable label="Objects" columns={columns} {...table} getRowId={rowId} empty={empty} grid recycleRows />
        </ObjectDeleteRightsContext>
      )}
      {view.moreFailed && <ErrorAlert error={view.error} onRetry={retry} />}
      {deleting && <ConfirmDeleteDialog flow={deleting} />}
      <BlameFlowDialog repoId={repoId} refId={refId} blame={blame} onClose={() => page.send({ type: 'blame.close' })} />
      <Suspense>
        {bulkDelete && <BulkDeleteDialog flow={bulkDelete} />}
        {bulkDownload && <BulkDownloadDialog flow={bulkDownload} />}
        {bulkSummary && (
          <BulkSummaryDialog summary={bulkSummary} repoId={repoId} branch={refId} onClose={() => page.send({ type: 'bulk.dismiss' })} />
        )}
      </Suspense>
    </Stack>
  );
}
