import { useMemo } from 'react';
import { Link } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { LuMail, LuUserPlus } from 'react-icons/lu';
import type { User } from '../../api/types';
import { formatDate } from '../../lib/format';
import { arn } from '../../lib/permission-names';
import type { ListSelectionActorRef } from '../../machines/list-selection/machine';
import type { PagedListActorRef } from '../../machines/paged-list';
import type { PrefixSearchActorRef } from '../../machines/prefix-search';
import { EmptyState } from '../components/EmptyState';
import { listColumnHelper, type ListColumn } from '../components/listTable';
import { PermittedButton } from '../components/PermittedButton';
import { PrefixSearch } from '../components/PrefixSearch';
import { AuthListScreen } from './AuthListScreen';
import { lazyDialog } from '../components/lazyDialog';
import { createUserWording } from './principal-wording';
import { selectionColumn } from './SelectionColumn';

// Fetched after the first paint (lazyDialog): creating is none of the list's first paint.
const CreatePrincipalDialog = lazyDialog(() => import('./CreatePrincipalDialog').then((m) => m.CreatePrincipalDialog));

export interface UsersPageProps {
  list: PagedListActorRef<User>;
  selection: ListSelectionActorRef;
  /** Whether the server can invite users by e-mail (its auth capabilities). */
  canInvite: boolean;
  prefix?: string;
  after?: string;
  /** The search box, whose text lives in the URL. */
  search: PrefixSearchActorRef;
  onBackToStart: () => void;
}

const column = listColumnHelper<User>();

function userColumns(selection: ListSelectionActorRef): ListColumn<User>[] {
  return [
    selectionColumn<User>(selection),
    column.accessor('id', {
      header: 'User ID',
      meta: { width: '55%' },
      cell: (info) => (
        <Link asChild colorPalette="tarn" color="colorPalette.fg" fontWeight="semibold">
          <RouterLink to="/auth/users/$userId/groups" params={{ userId: info.getValue() }}>
            {info.getValue()}
          </RouterLink>
        </Link>
      ),
    }),
    column.accessor('creation_date', { header: 'Created At', meta: { width: '40%' }, cell: (info) => formatDate(info.getValue()) }),
  ];
}

/**
 * Users: prefix search, Invite User and Create API User where the server can invite (docs/behaviour.md, Access control), else Create User;
 * Delete Selected (never the signed-in user's own row).
 */
export function UsersPage({ list, selection, canInvite, prefix, after, search, onBackToStart }: UsersPageProps) {
  const columns = useMemo(() => userColumns(selection), [selection]);
  const create = useSelector(selection, (s) => s.children.create);
  const userWording = createUserWording(canInvite);
  return (
    <AuthListScreen
      list={list}
      selection={selection}
      columns={columns}
      noun="users"
      deletePermission={{ action: 'auth:DeleteUser', resource: arn.user('*') }}
      after={after}
      onBackToStart={onBackToStart}
      empty={<EmptyState title={prefix ? 'No users match.' : 'No users yet.'} />}
      actions={
        <>
          <PrefixSearch search={search} label="Find a user" placeholder="Find a user..." />
          <PermittedButton
            action="auth:CreateUser"
            resource={arn.user('*')}
            size="sm"
            colorPalette="tarn"
            ms="auto"
            onClick={() => selection.send({ type: 'create.open', kind: 'user' })}
          >
            <LuUserPlus />
            {userWording.title}
          </PermittedButton>
          {canInvite && (
            <PermittedButton
              action="auth:CreateUser"
              resource={arn.user('*')}
              size="sm"
              variant="outline"
              onClick={() => selection.send({ type: 'create.open', kind: 'invite' })}
            >
              <LuMail />
              Invite User
            </PermittedButton>
          )}
        </>
      }
    >
      {create && (
        <CreatePrincipalDialog create={create} userWording={userWording} onClose={() => selection.send({ type: 'create.close' })} />
      )}
    </AuthListScreen>
  );
}
