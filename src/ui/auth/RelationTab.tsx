import { useMemo, type ReactNode } from 'react';
import { Button, Dialog, Flex, IconButton, Input, InputGroup, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { LuPlus, LuRefreshCw, LuSearch } from 'react-icons/lu';
import { formatDate } from '../../lib/format';
import type { PagedListActorRef } from '../../machines/paged-list';
import type { DebouncedFilterActorRef } from '../../machines/debounced-filter';
import { pickerFilter, type RelationActorRef, type RelationSnapshot } from '../../machines/relation/machine';
import { BackToStart } from '../components/BackToStart';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { DataTable } from '../components/DataTable';
import { ErrorAlert } from '../components/ErrorAlert';
import { listColumnHelper, type ListColumn } from '../components/listTable';
import { Loading } from '../components/Loading';
import { PermittedButton } from '../components/PermittedButton';
import { usePagedList } from '../components/usePagedList';

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
  /** What the picker searches: 'groups', 'policies', 'users'. */
  candidates: string;
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
      cell: (info) => (info.getValue() === undefined ? '' : formatDate(info.getValue() ?? 0)),
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
  picking: s.matches('picking') || s.matches('adding'),
  searching: s.hasTag('searching'),
  adding: s.matches('adding'),
  candidates: s.context.candidates,
  confirming: s.matches('confirmingRemove') || s.matches('removing'),
  removing: s.matches('removing'),
  removeFailed: s.matches('removeFailed'),
  target: s.context.removing,
  error: s.context.error,
});

/** The picker's search box; while a choice is being linked it shows the search that found it, read-only. */
function PickerSearch({ filter, prefix, what }: { filter: DebouncedFilterActorRef | undefined; prefix: string; what: string }) {
  const text = useSelector(filter, (s) => s?.context.text);
  return (
    <InputGroup startElement={<LuSearch />}>
      <Input
        autoFocus
        type="search"
        aria-label={`Search ${what}`}
        placeholder={`Search ${what}...`}
        value={text ?? prefix}
        readOnly={filter === undefined}
        onChange={(e) => filter?.send({ type: 'filter.input', text: e.target.value })}
      />
    </InputGroup>
  );
}

function RelationDialogs({ editing }: { editing: RelationEditing }) {
  const { relation, addLabel, removeLabel, candidates: what } = editing;
  const state = useSelector(relation, selectRelation);
  const filter = useSelector(relation, pickerFilter);
  const prefix = useSelector(relation, (s) => s.context.prefix);
  return (
    <>
      <Dialog.Root open={state.picking} onOpenChange={(d) => !d.open && !state.adding && relation.send({ type: 'picker.close' })}>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>{addLabel}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  <PickerSearch filter={filter} prefix={prefix} what={what} />
                  {state.searching ? (
                    <Spinner size="sm" />
                  ) : (
                    <Stack gap="1" role="listbox" aria-label={`Matching ${what}`}>
                      {state.candidates.length === 0 && <Text color="fg.muted">{`No ${what} match.`}</Text>}
                      {state.candidates.map((id) => (
                        <Button
                          key={id}
                          role="option"
                          aria-selected="false"
                          justifyContent="start"
                          variant="ghost"
                          size="sm"
                          disabled={state.adding}
                          onClick={() => relation.send({ type: 'picker.choose', id })}
                        >
                          {id}
                        </Button>
                      ))}
                    </Stack>
                  )}
                  {state.error !== undefined && <ErrorAlert error={state.error} />}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" disabled={state.adding} onClick={() => relation.send({ type: 'picker.close' })}>
                  Cancel
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
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
      <Dialog.Root open={state.removeFailed} role="alertdialog" onOpenChange={(d) => !d.open && relation.send({ type: 'error.dismiss' })}>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>{`${removeLabel} failed`}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <ErrorAlert error={state.error} />
              </Dialog.Body>
              <Dialog.Footer>
                <Button onClick={() => relation.send({ type: 'error.dismiss' })}>OK</Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
