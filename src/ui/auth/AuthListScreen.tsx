import type { ReactNode } from 'react';
import { Flex, IconButton, Stack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { LuRefreshCw, LuTrash2 } from 'react-icons/lu';
import type { ListSelectionActorRef, ListSelectionSnapshot } from '../../machines/list-selection/machine';
import type { PagedListActorRef } from '../../machines/paged-list';
import { BackToStart } from '../components/BackToStart';
import { LazyConfirmDialog as ConfirmDialog } from '../components/LazyConfirmDialog';
import { DataTable } from '../components/DataTable';
import { ErrorAlert } from '../components/ErrorAlert';
import type { ListColumn } from '../components/listTable';
import { Loading } from '../components/Loading';
import { PermittedButton } from '../components/PermittedButton';
import { usePagedList } from '../components/usePagedList';
import { lazyDialog } from '../components/lazyDialog';

// Fetched after the first paint (lazyDialog): a deletion's failures are none of the list's first paint.
const DeleteFailuresDialog = lazyDialog(
  () => import('./DeleteFailuresDialog').then((m) => m.DeleteFailuresDialog),
  ({ open }) => open,
);

export interface AuthListScreenProps<T extends { id: string }> {
  list: PagedListActorRef<T>;
  selection: ListSelectionActorRef;
  columns: ListColumn<T>[];
  /** 'users', 'groups', 'policies': the table's name and the deletion's wording. */
  noun: string;
  /** The permission Delete Selected needs, on any resource of its kind. */
  deletePermission: { action: string; resource: string };
  after?: string;
  onBackToStart: () => void;
  /** Controls before Delete Selected: the prefix filter, the create buttons. */
  actions?: ReactNode;
  empty: ReactNode;
  children?: ReactNode;
}

const selectState = (s: ListSelectionSnapshot) => ({
  count: s.context.selected.length,
  confirming: s.matches('confirming') || s.matches('deleting'),
  busy: s.hasTag('busy'),
  failed: s.matches('failed'),
  failures: s.context.failures,
  error: s.context.error,
});

/** A list of users, groups or policies: refresh, the actions, Delete Selected with its confirmation, paging. */
export function AuthListScreen<T extends { id: string }>({
  list,
  selection,
  columns,
  noun,
  deletePermission,
  after,
  onBackToStart,
  actions,
  empty,
  children,
}: AuthListScreenProps<T>) {
  const { view, table, retry, reload } = usePagedList(list);
  const state = useSelector(selection, selectState);
  return (
    <Stack gap="4">
      <Flex gap="3" align="center" wrap="wrap">
        {actions}
        <IconButton size="sm" variant="ghost" aria-label="Refresh" onClick={reload}>
          <LuRefreshCw />
        </IconButton>
        <PermittedButton
          {...deletePermission}
          size="sm"
          variant="outline"
          colorPalette="red"
          disabled={state.count === 0}
          onClick={() => selection.send({ type: 'delete.request' })}
        >
          <LuTrash2 />
          Delete Selected
        </PermittedButton>
      </Flex>
      {view.failed ? (
        <ErrorAlert error={view.error} onRetry={retry} />
      ) : view.loading ? (
        <Loading label={`Loading ${noun}...`} />
      ) : (
        <DataTable label={noun[0]?.toUpperCase() + noun.slice(1)} columns={columns} {...table} getRowId={(row) => row.id} empty={empty} />
      )}
      {view.moreFailed && <ErrorAlert error={view.error} onRetry={retry} />}
      {after && <BackToStart onClick={onBackToStart} />}
      {children}
      <ConfirmDialog
        open={state.confirming}
        title="Delete Selected"
        confirmLabel="Delete"
        busy={state.busy}
        onConfirm={() => selection.send({ type: 'delete.confirm' })}
        onCancel={() => selection.send({ type: 'delete.cancel' })}
      >
        {`Are you sure you'd like to delete ${state.count} ${noun}?`}
      </ConfirmDialog>
      <DeleteFailuresDialog
        open={state.failed}
        noun={noun}
        error={state.error}
        failures={state.failures}
        onClose={() => selection.send({ type: 'failures.dismiss' })}
      />
    </Stack>
  );
}
