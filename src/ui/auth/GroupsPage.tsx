import { useMemo } from 'react';
import { Link } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { LuUsers } from 'react-icons/lu';
import type { Group } from '../../api/types';
import { formatDate } from '../../lib/format';
import { arn } from '../../lib/permission-names';
import type { ListSelectionActorRef } from '../../machines/list-selection/machine';
import type { PagedListActorRef } from '../../machines/paged-list';
import { EmptyState } from '../components/EmptyState';
import { listColumnHelper, type ListColumn } from '../components/listTable';
import { PermittedButton } from '../components/PermittedButton';
import { AuthListScreen } from './AuthListScreen';
import { lazyDialog } from '../components/lazyDialog';
import { GroupPermission } from './GroupPermission';
import { selectionColumn } from './SelectionColumn';

// Fetched after the first paint (lazyDialog): creating is none of the list's first paint.
const CreatePrincipalDialog = lazyDialog(() => import('./CreatePrincipalDialog').then((m) => m.CreatePrincipalDialog));

export interface GroupsPageProps {
  list: PagedListActorRef<Group>;
  selection: ListSelectionActorRef;
  /** Simplified mode: each group's one permission is shown and set here. */
  simplified: boolean;
  after?: string;
  onBackToStart: () => void;
}

const column = listColumnHelper<Group>();

function groupColumns(selection: ListSelectionActorRef, simplified: boolean): ListColumn<Group>[] {
  const columns: ListColumn<Group>[] = [
    selectionColumn<Group>(selection),
    column.accessor('id', {
      header: 'Group Name',
      meta: { width: simplified ? '35%' : '55%' },
      cell: (info) => (
        <Link asChild colorPalette="tarn" color="colorPalette.fg" fontWeight="semibold">
          <RouterLink to="/auth/groups/$groupId/members" params={{ groupId: info.getValue() }}>
            {info.row.original.name || info.getValue()}
          </RouterLink>
        </Link>
      ),
    }),
    column.accessor('creation_date', { header: 'Created At', meta: { width: simplified ? '25%' : '40%' }, cell: (info) => formatDate(info.getValue()) }),
  ];
  if (simplified) {
    columns.push(
      column.display({ id: 'permission', header: 'Permission', meta: { width: '35%' }, cell: (info) => <GroupPermission groupId={info.row.original.id} /> }),
    );
  }
  return columns;
}

/** Groups: Create Group, Delete Selected, and in simplified mode each group's Permission. */
export function GroupsPage({ list, selection, simplified, after, onBackToStart }: GroupsPageProps) {
  const columns = useMemo(() => groupColumns(selection, simplified), [selection, simplified]);
  const create = useSelector(selection, (s) => s.children.create);
  return (
    <AuthListScreen
      list={list}
      selection={selection}
      columns={columns}
      noun="groups"
      deletePermission={{ action: 'auth:DeleteGroup', resource: arn.group('*') }}
      after={after}
      onBackToStart={onBackToStart}
      empty={<EmptyState title="No groups yet." />}
      actions={
        <PermittedButton
          action="auth:CreateGroup"
          resource={arn.group('*')}
          size="sm"
          colorPalette="tarn"
          ms="auto"
          onClick={() => selection.send({ type: 'create.open', kind: 'group' })}
        >
          <LuUsers />
          Create Group
        </PermittedButton>
      }
    >
      {create && <CreatePrincipalDialog create={create} onClose={() => selection.send({ type: 'create.close' })} />}
    </AuthListScreen>
  );
}
