import { createContext, useContext } from 'react';
import { VisuallyHidden } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { objectUrl } from '../../lib/api-address';
import type { ObjectStats } from '../../api/types';
import type { ObjectSelectionActorRef } from '../../machines/object-selection';
import type { PagedListActorRef } from '../../machines/paged-list';
import { permissionOf, type Permission } from '../../machines/session/machine';
import { formatDate, formatSize } from '../../lib/format';
import { CellIcon, listColumnHelper, tableClass, type ListColumn } from '../components';
import { permittedState } from '../components/PermittedButton';
import { gridAttr } from '../components/useGridNavigation';
import { basename } from './paths';
import { SelectLoadedCheckbox, SelectObjectCell } from './SelectionCells';

export interface ObjectColumnsOptions {
  repoId: string;
  refId: string;
  /** The folder being listed; names are shown relative to it. */
  dir: string;
  onDelete: (entry: ObjectStats) => void;
  onBlame: (entry: ObjectStats) => void;
  /** The listing's selection, and its list (the loaded rows a header checkbox and a Shift range cover). */
  selection: ObjectSelectionActorRef;
  list: PagedListActorRef<ObjectStats>;
}

const column = listColumnHelper<ObjectStats>();

/** What the rows' Delete buttons depend on, which changes while the listing is shown (the user's policies load). */
export interface ObjectDeleteRights {
  /** Delete is offered only when the ref is a branch that may be written. */
  canDelete: boolean;
  /** Whether the user's policies let them delete the object at a path (fs:DeleteObject). */
  deletePermission: (path: string) => Permission;
}

/**
 * The rows' delete rights reach the action cells through a context, not the column definitions: TanStack Table
 * renders a cell function as a component, so new columns would mount every row's cells afresh when the policies load.
 */
export const ObjectDeleteRightsContext = createContext<ObjectDeleteRights>({
  canDelete: false,
  deletePermission: (path) => permissionOf(null, 'fs:DeleteObject', path),
});

// Cells are plain elements with the table's classes and one-element icons, no Chakra components: a fling through a
// long folder mounts a window of fresh rows every frame, and each Chakra element resolves its styles at run time.
const dangerButton = `${tableClass.iconButton} ${tableClass.danger}`;

// The listing is a keyboard grid (useGridNavigation): the cells' controls stay out of the tab order, Enter follows the
// name's link and Space clicks the checkbox.
const outOfTabOrder = -1;
const openLink = { [gridAttr.open]: '' };

function displayName(entry: ObjectStats, dir: string): string {
  return entry.path.startsWith(dir) && entry.path !== dir ? entry.path.slice(dir.length) : entry.path;
}

export function objectColumns({
  repoId,
  refId,
  dir,
  onDelete,
  onBlame,
  selection,
  list,
}: ObjectColumnsOptions): ListColumn<ObjectStats>[] {
  return [
    column.display({
      id: 'select',
      header: () => <SelectLoadedCheckbox selection={selection} list={list} />,
      meta: { width: '2.75rem', align: 'center' },
      cell: ({ row }) =>
        row.original.path_type === 'object' ? (
          <SelectObjectCell selection={selection} list={list} path={row.original.path} name={displayName(row.original, dir)} />
        ) : null,
    }),
    column.display({
      id: 'name',
      header: 'Name',
      meta: { width: '46%' },
      cell: ({ row }) => {
        const entry = row.original;
        const isFolder = entry.path_type === 'common_prefix';
        const name = displayName(entry, dir);
        const link = {
          params: { repoId },
          search: { ref: refId, path: entry.path },
          className: tableClass.link,
          tabIndex: outOfTabOrder,
          ...openLink,
        } as const;
        return (
          <span className={tableClass.line}>
            {isFolder ? <CellIcon name="folder" label="Folder" /> : <CellIcon name="file" label="File" />}
            {isFolder ? (
              <RouterLink to="/repositories/$repoId/objects" {...link}>
                {name}
              </RouterLink>
            ) : (
              <RouterLink to="/repositories/$repoId/object" {...link}>
                {name}
              </RouterLink>
            )}
          </span>
        );
      },
    }),
    column.display({
      id: 'size',
      header: 'Size',
      meta: { width: '12%', align: 'end' },
      cell: ({ row }) => {
        const size = row.original.size_bytes;
        if (row.original.path_type !== 'object' || size === undefined) return null;
        return <span title={`${size} bytes`}>{formatSize(size)}</span>;
      },
    }),
    column.display({
      id: 'modified',
      header: 'Modified',
      meta: { width: '20%' },
      cell: ({ row }) => {
        const { mtime } = row.original;
        return row.original.path_type === 'object' && mtime !== undefined ? formatDate(mtime) : null;
      },
    }),
    column.display({
      id: 'actions',
      header: () => <VisuallyHidden>Actions</VisuallyHidden>,
      meta: { width: '18%', align: 'end' },
      cell: ({ row }) => <ObjectActions entry={row.original} repoId={repoId} refId={refId} onDelete={onDelete} onBlame={onBlame} />,
    }),
  ];
}

interface ObjectActionsProps {
  entry: ObjectStats;
  repoId: string;
  refId: string;
  onDelete: (entry: ObjectStats) => void;
  onBlame: (entry: ObjectStats) => void;
}

function ObjectActions({ entry, repoId, refId, onDelete, onBlame }: ObjectActionsProps) {
  const { canDelete, deletePermission } = useContext(ObjectDeleteRightsContext);
  const name = basename(entry.path);
  const isObject = entry.path_type === 'object';
  return (
    <span className={tableClass.actions}>
      {isObject && (
        <a
          className={tableClass.iconButton}
          href={objectUrl(repoId, refId, entry.path)}
          download={name}
          tabIndex={outOfTabOrder}
          aria-label={`Download ${name}`}
          title="Download"
        >
          <CellIcon name="download" />
        </a>
      )}
      <RouterLink
        to="/repositories/$repoId/history"
        params={{ repoId }}
        search={{ ref: refId, path: entry.path }}
        className={tableClass.iconButton}
        tabIndex={outOfTabOrder}
        aria-label={`History of ${name}`}
        title="History"
      >
        <CellIcon name="commits" />
      </RouterLink>
      <button
        type="button"
        className={tableClass.iconButton}
        tabIndex={outOfTabOrder}
        aria-label={`Blame ${name}`}
        title="Blame"
        onClick={() => onBlame(entry)}
      >
        <CellIcon name="history" />
      </button>
      {isObject && canDelete && (
        <button
          type="button"
          className={dangerButton}
          tabIndex={outOfTabOrder}
          aria-label={`Delete ${name}`}
          {...permittedState(deletePermission(entry.path), { title: 'Delete' })}
          onClick={() => onDelete(entry)}
        >
          <CellIcon name="trash" />
        </button>
      )}
    </span>
  );
}
