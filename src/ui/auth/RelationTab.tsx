import { useMemo, type ReactNode } from 'react';
import { Flex, IconButton, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { LuPlus, LuRefreshCw } from 'react-icons/lu';
import { formatDate } from '../../lib/format';
import type { PagedListActorRef } from '../../machines/paged-list';
import type { RelationActorRef, RelationSnapshot } from '../../machines/relation/machine';
import { BackToStart } from '../components/BackToStart';
import { LazyConfirmDialog as ConfirmDialog } from '../components/LazyConfirmDialog';
import { DataTable } from '../components/DataTable';
import { ErrorAlert } from '../components/ErrorAlert';
import { listColumnHelper, type ListColumn } from '../components/listTable';
import { Loading } from '../components/Loading';
import { PermittedButton } from '../components/PermittedButton';
import { Receipt } from '../components/Receipt';
import { usePagedList } from '../components/usePagedList';
import { countOf, type Noun } from './pickerWords';
import { lazyDialog } from '../components/lazyDialog';
import { LazyFailureDialog as FailureDialog } from '../components/LazyConfirmDialog';

// Fetched after the first paint (lazyDialog): the picker is none of the tab's first paint.
const RelationPicker = lazyDialog(
  () => import('./RelationPicker').then((m) => m.RelationPicker),
  ({ relation }) => useSelector(relation, (s) => s.matches('picking') || s.matches('adding')),
);

/** A linked user, group or policy: its id and when it was created. */
export interface RelatedRow {
  id: string;
  creation_date?: number;
}

/** What a tab may change, and the words of its buttons; a read-only tab (effective policies) has none. */
export interface RelationEditing {
  relation: RelationActorRef;
  /** 'Add User to Group', 'Attach Policy', 'Add Members'. */
  addLabel: string;
  /** 'Remove' or 'Detach'. */
  removeLabel: string;
  /** What the picker links: groups, policies, users. */
  noun: Noun;
  addPermission: { action: string; resource: string };
  removePermission: { action: string; resource: string };
}

export interface RelationTabProps<T extends RelatedRow> {
  list: PagedListActorRef<T>;
  /** The table's name and its first column's header. */
  label: string;
  idHeader: string;
  renderId: (id: string) => ReactNode;
  editing?: RelationEditing;
  after?: string;
  onBackToStart: () => void;
  empty: string;
}

const column = listColumnHelper<RelatedRow>();

function relatedColumns(idHeader: string, renderId: (id: string) => ReactNode, editing: RelationEditing | undefined): ListColumn<RelatedRow>[] {
  const columns: ListColumn<RelatedRow>[] = [
    column.accessor('id', { header: idHeader, meta: { width: '50%' }, cell: (info) => renderId(info.getValue()) }),
    column.accessor('creation_date', {
      header: 'Created At',
      meta: { width: '30%' },
      cell: (info) => (info.getValue() === undefined ? '' : <Text as="span" whiteSpace="nowrap">{formatDate(info.getValue() ?? 0)}</Text>),
    }),
  ];
  if (editing) {
    columns.push(
      column.display({
        id: 'remove',
        header: '',
        meta: { width: '20%', align: 'end' },
        cell: (info) => (
          <PermittedButton
            {...editing.removePermission}
            size="xs"
            variant="outline"
            colorPalette="red"
            aria-label={`${editing.removeLabel} ${info.row.original.id}`}
            onClick={() => editing.relation.send({ type: 'remove.request', id: info.row.original.id })}
          >
            {editing.removeLabel}
          </PermittedButton>
        ),
      }),
    );
  }
  return columns;
}

/** One tab of a user's or a group's links: the table, and when editable the picker and the removal. */
export function RelationTab<T extends RelatedRow>({ list, label, idHeader, renderId, editing, after, onBackToStart, empty }: RelationTabProps<T>) {
  const { view, table, retry, reload } = usePagedList(list as unknown as PagedListActorRef<RelatedRow>);
  const columns = useMemo(() => relatedColumns(idHeader, renderId, editing), [idHeader, renderId, editing]);
  return (
    <Stack gap="4">
      <Flex gap="3" align="center">
        <IconButton size="sm" variant="ghost" aria-label="Refresh" onClick={reload} ms="auto">
          <LuRefreshCw />
        </IconButton>
        {editing && (
          <PermittedButton {...editing.addPermission} size="sm" colorPalette="tarn" onClick={() => editing.relation.send({ type: 'picker.open' })}>
            <LuPlus />
            {editing.addLabel}
          </PermittedButton>
        )}
      </Flex>
      {editing && <AddedReceipt editing={editing} />}
      {view.failed ? (
        <ErrorAlert error={view.error} onRetry={retry} />
      ) : view.loading ? (
        <Loading />
      ) : (
        <DataTable label={label} columns={columns} {...table} getRowId={(row) => row.id} empty={<Text color="fg.muted">{empty}</Text>} />
      )}
      {view.moreFailed && <ErrorAlert error={view.error} onRetry={retry} />}
      {after && <BackToStart onClick={onBackToStart} />}
      {editing && <RelationDialogs editing={editing} />}
    </Stack>
  );
}

const selectRelation = (s: RelationSnapshot) => ({
  confirming: s.matches('confirmingRemove') || s.matches('removing'),
  removing: s.matches('removing'),
  removeFailed: s.matches('removeFailed'),
  target: s.context.removing,
  error: s.context.error,
});

const noneAdded: string[] = [];

/** What the picker added, above the list, once the picker has closed; until dismissed or the picker opens again. */
function AddedReceipt({ editing }: { editing: RelationEditing }) {
  const added = useSelector(editing.relation, (s) => (s.matches('idle') ? s.context.added : noneAdded));
  if (added.length === 0) return null;
  return (
    <Receipt
      label="Added"
      title={`Added ${countOf(added.length, editing.noun)}: ${added.join(', ')}`}
      onDismiss={() => editing.relation.send({ type: 'receipt.dismiss' })}
    />
  );
}

function RelationDialogs({ editing }: { editing: RelationEditing }) {
  const { relation, addLabel, removeLabel, noun } = editing;
  const state = useSelector(relation, selectRelation);
  return (
    <>
      <RelationPicker relation={relation} title={addLabel} noun={noun} />
      <ConfirmDialog
        open={state.confirming}
        title={removeLabel}
        confirmLabel={removeLabel}
        busy={state.removing}
        onConfirm={() => relation.send({ type: 'remove.confirm' })}
        onCancel={() => relation.send({ type: 'remove.cancel' })}
      >
        {`Are you sure you'd like to ${removeLabel.toLowerCase()} ${state.target ?? ''}?`}
      </ConfirmDialog>
      <FailureDialog
        open={state.removeFailed}
        title={`${removeLabel} failed`}
        error={state.error}
        onClose={() => relation.send({ type: 'error.dismiss' })}
      />
    </>
  );
}
