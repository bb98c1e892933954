import { Checkbox } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ListSelectionActorRef } from '../../machines/list-selection/machine';
import { listColumnHelper, type ListColumn } from '../components/listTable';

/** A row's checkbox: it follows the selection machine itself, so the memoised table rows need not render again. */
function SelectCell({ selection, id }: { selection: ListSelectionActorRef; id: string }) {
  const checked = useSelector(selection, (s) => s.context.selected.includes(id));
  const selectable = useSelector(selection, (s) => !s.context.protectedIds.includes(id) && s.matches('browsing'));
  return (
    <Checkbox.Root
      size="sm"
      checked={checked}
      disabled={!selectable}
      onCheckedChange={() => selection.send({ type: 'select.toggle', id })}
    >
      <Checkbox.HiddenInput aria-label={`Select ${id}`} />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}

/** The checkbox column of the Users, Groups and Policies lists. */
export function selectionColumn<T extends { id: string }>(selection: ListSelectionActorRef): ListColumn<T> {
  return listColumnHelper<T>().display({
    id: 'select',
    header: '',
    meta: { width: '3rem' },
    cell: (info) => <SelectCell selection={selection} id={info.row.original.id} />,
  });
}
