import { useCallback, useMemo, useState } from 'react';
import { Stack } from '@chakra-ui/react';
import { deleteObject, listObjects } from '../../api/objects';
import type { ObjectStats, Page, RefKind } from '../../api/types';
import { LIST_ALL_PAGE_SIZE, PAGE_SIZE } from '../../lib/constants';
import { ConfirmDialog, DataTable, EmptyState, ErrorAlert, Loading, tablePaging, useCursorPages } from '../components';
import { BlameDialog, type BlameTarget } from './BlameDialog';
import { objectColumns } from './objectColumns';

export interface ObjectsListingProps {
  repoId: string;
  refId: string;
  refKind: RefKind;
  readOnly: boolean;
  /** The folder being browsed ('' or ending in '/'). */
  dir: string;
  /** Typed text narrowing the folder's entries by prefix. */
  search?: string;
  /** Cursor to start the listing from (the `after` search param). */
  after?: string | undefined;
  /** Changes when the user asks for a refresh. */
  reloadKey?: number;
  /** Called after an object was deleted. */
  onChanged?: () => void;
}

/**
 * The folder's entries, one server page at a time: the first page is small so it shows quickly, and further pages
 * use the list-all size and are fetched by cursor as the user scrolls, so long folders scroll without rendering
 * every row.
 */
export function ObjectsListing({
  repoId,
  refId,
  refKind,
  readOnly,
  dir,
  search = '',
  after,
  reloadKey = 0,
  onChanged,
}: ObjectsListingProps) {
  const prefix = `${dir}${search}`;
  const fetchPage = useCallback(
    (cursor: string | undefined): Promise<Page<ObjectStats>> =>
      listObjects(repoId, refId, {
        prefix,
        delimiter: '/',
        after: cursor,
        amount: cursor === after ? PAGE_SIZE : LIST_ALL_PAGE_SIZE,
      }),
    // reloadKey is a dependency on purpose: a new fetcher is how a refresh restarts the listing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [repoId, refId, prefix, after, reloadKey],
  );
  const pages = useCursorPages(fetchPage, after);
  const [toDelete, setToDelete] = useState<ObjectStats | undefined>();
  const [deleting, setDeleting] = useState<{ busy: boolean; error?: unknown }>({ busy: false });
  const [blame, setBlame] = useState<BlameTarget | undefined>();

  const canDelete = refKind === 'branch' && !readOnly;
  const columns = useMemo(
    () =>
      objectColumns({
        repoId,
        refId,
        dir,
        canDelete,
        onDelete: (entry) => {
          setDeleting({ busy: false });
          setToDelete(entry);
        },
        onBlame: (entry) => setBlame({ path: entry.path, pathType: entry.path_type }),
      }),
    [repoId, refId, dir, canDelete],
  );

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting({ busy: true });
    try {
      await deleteObject(repoId, refId, toDelete.path);
      setToDelete(undefined);
      setDeleting({ busy: false });
      onChanged?.();
    } catch (error) {
      setDeleting({ busy: false, error });
    }
  };

  const empty =
    refKind !== 'branch' ? (
      <EmptyState title="Nothing here" description="Switch to another branch or tag to see something." />
    ) : dir === '' && search === '' ? (
      <EmptyState title="Your repository is ready!" description="Upload objects to get started." />
    ) : (
      <EmptyState title="No objects here" description={search ? `Nothing starts with "${search}".` : undefined} />
    );

  return (
    <Stack gap="3">
      {pages.error !== undefined && <ErrorAlert error={pages.error} onRetry={pages.refresh} />}
      {pages.loading ? (
        <Loading />
      ) : (
        pages.error === undefined && (
          <DataTable
            label="Objects"
            columns={columns}
            {...tablePaging(pages)}
            getRowId={(entry) => entry.path}
            empty={empty}
          />
        )
      )}
      <ConfirmDialog
        open={toDelete !== undefined}
        title="Delete object"
        confirmLabel="Delete"
        busy={deleting.busy}
        error={deleting.error}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(undefined)}
      >
        Are you sure you wish to delete object &quot;{toDelete?.path}&quot;?
      </ConfirmDialog>
      <BlameDialog repoId={repoId} refId={refId} target={blame} onClose={() => setBlame(undefined)} />
    </Stack>
  );
}
