// The objects listing's checkbox column: a checkbox per object (folders are selected through "Select all in this
// prefix") and the header's, which stands for the loaded objects. Each follows the selection machine itself, so the
// memoised table rows need not render again when the selection changes.
import { useCallback, useMemo } from 'react';
import { useSelector } from '@xstate/react';
import type { ObjectStats } from '../../api/types';
import { coverage, membership } from '../../machines/list-selection/selection';
import { objectPaths, type ObjectSelectionActorRef } from '../../machines/object-selection';
import type { PagedListActorRef } from '../../machines/paged-list';
import { tableClass } from '../components';
import { gridAttr } from '../components/useGridNavigation';

export interface SelectObjectCellProps {
  selection: ObjectSelectionActorRef;
  list: PagedListActorRef<ObjectStats>;
  path: string;
  name: string;
}

const CHECKED = 1;
const SETTLED = 2;

/**
 * A row's checkbox; Shift extends the selection from the row ticked before. A plain input with one subscription to
 * the selection (both of its states in one number): it renders in every row, and a fling mounts rows every frame.
 */
export function SelectObjectCell({ selection, list, path, name }: SelectObjectCellProps) {
  const state = useSelector(
    selection,
    (s) => (membership(s.context.selected).has(path) ? CHECKED : 0) | (s.matches('idle') ? SETTLED : 0),
  );
  const checked = (state & CHECKED) !== 0;
  const settled = (state & SETTLED) !== 0;
  return (
    <input
      type="checkbox"
      className={tableClass.checkbox}
      checked={checked}
      // The click handler is the change handler: it needs the Shift key, which a change event does not carry.
      readOnly
      disabled={!settled}
      tabIndex={-1}
      aria-label={`Select ${name}`}
      {...{ [gridAttr.select]: '' }}
      onClick={(event) =>
        selection.send(
          event.shiftKey
            ? { type: 'select.range', path, order: objectPaths(list.getSnapshot().context.rows) }
            : { type: 'select.toggle', path },
        )
      }
    />
  );
}

export interface SelectLoadedCheckboxProps {
  selection: ObjectSelectionActorRef;
  list: PagedListActorRef<ObjectStats>;
}

/**
 * The header checkbox: ticks or clears every loaded object, and is mixed (indeterminate) when only some are selected.
 * A plain input like the rows' ones, which it sits above: a native checkbox is mixed by its property alone.
 */
export function SelectLoadedCheckbox({ selection, list }: SelectLoadedCheckboxProps) {
  const rows = useSelector(list, (s) => s.context.rows);
  const paths = useMemo(() => objectPaths(rows), [rows]);
  const covered = useSelector(selection, (s) => coverage(s.context.selected, paths));
  const settled = useSelector(selection, (s) => s.matches('idle'));
  const mixed = covered === 'some';
  const showMixed = useCallback((input: HTMLInputElement | null) => {
    if (input) input.indeterminate = mixed;
  }, [mixed]);
  return (
    <input
      ref={showMixed}
      type="checkbox"
      className={tableClass.checkbox}
      checked={covered === 'all'}
      disabled={!settled || paths.length === 0}
      aria-label="Select the loaded objects"
      onChange={() => selection.send({ type: 'select.page', paths, checked: covered !== 'all' })}
    />
  );
}
