import { useCallback, useState, type ReactNode } from 'react';
import { Link } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import type { Page, PageParams } from '../../api/types';
import { arn } from '../../lib/permission-names';
import { useScreen } from '../../lib/use-screen';
import { liveRelationMachines, type RelationKind } from '../../machines/relation';
import { useSessionActor } from '../../lib/use-session';
import { RouteList } from '../../ui/auth/RouteList';
import { RelationTab, type RelatedRow, type RelationEditing } from '../../ui/auth/RelationTab';

/** Each tab's words, the permissions its changes need, and where its ids link to. */
const TABS: Record<
  RelationKind,
  Omit<RelationEditing, 'relation' | 'addPermission' | 'removePermission'> & {
    label: string;
    idHeader: string;
    linkTo: 'group' | 'policy' | 'user';
    permissions: (owner: string) => Pick<RelationEditing, 'addPermission' | 'removePermission'>;
  }
> = {
  userGroups: {
    label: 'Group Memberships',
    idHeader: 'Group',
    linkTo: 'group',
    addLabel: 'Add User to Group',
    removeLabel: 'Remove',
    noun: { one: 'group', other: 'groups' },
    permissions: () => ({
      addPermission: { action: 'auth:AddGroupMember', resource: arn.group('*') },
      removePermission: { action: 'auth:RemoveGroupMember', resource: arn.group('*') },
    }),
  },
  userPolicies: {
    label: 'Directly Attached Policies',
    idHeader: 'Policy',
    linkTo: 'policy',
    addLabel: 'Attach Policy',
    removeLabel: 'Detach',
    noun: { one: 'policy', other: 'policies' },
    permissions: (user) => ({
      addPermission: { action: 'auth:AttachPolicy', resource: arn.user(user) },
      removePermission: { action: 'auth:DetachPolicy', resource: arn.user(user) },
    }),
  },
  groupMembers: {
    label: 'Members',
    idHeader: 'User',
    linkTo: 'user',
    addLabel: 'Add Members',
    removeLabel: 'Remove',
    noun: { one: 'user', other: 'users' },
    permissions: (group) => ({
      addPermission: { action: 'auth:AddGroupMember', resource: arn.group(group) },
      removePermission: { action: 'auth:RemoveGroupMember', resource: arn.group(group) },
    }),
  },
  groupPolicies: {
    label: 'Group Policies',
    idHeader: 'Policy',
    linkTo: 'policy',
    addLabel: 'Attach Policy',
    removeLabel: 'Detach',
    noun: { one: 'policy', other: 'policies' },
    permissions: (group) => ({
      addPermission: { action: 'auth:AttachPolicy', resource: arn.group(group) },
      removePermission: { action: 'auth:DetachPolicy', resource: arn.group(group) },
    }),
  },
};

function IdLink({ to, id }: { to: 'group' | 'policy' | 'user'; id: string }) {
  const link =
    to === 'group' ? (
      <RouterLink to="/auth/groups/$groupId/members" params={{ groupId: id }}>
        {id}
      </RouterLink>
    ) : to === 'policy' ? (
      <RouterLink to="/auth/policies/$policyId" params={{ policyId: id }}>
        {id}
      </RouterLink>
    ) : (
      <RouterLink to="/auth/users/$userId/groups" params={{ userId: id }}>
        {id}
      </RouterLink>
    );
  return (
    <Link asChild colorPalette="tarn" color="colorPalette.fg" fontWeight="semibold">
      {link}
    </Link>
  );
}

export interface RelationListingProps<T extends RelatedRow> {
  kind: RelationKind;
  /** The user or group whose links these are. */
  owner: string;
  firstPage: Page<T>;
  after?: string;
  fetch: (params: PageParams, signal: AbortSignal) => Promise<Page<T>>;
  onBackToStart: () => void;
  /** Effective policies: shown, never changed here. */
  readOnly?: boolean;
  label?: string;
  empty: string;
}

/** A user's or a group's tab of links: the picker and removal flow for the route's life, the list from each load. */
export function RelationListing<T extends RelatedRow>({ kind, owner, readOnly = false, label, empty, ...list }: RelationListingProps<T>) {
  const session = useSessionActor();
  const relation = useScreen(liveRelationMachines[kind], { session, owner });
  const tab = TABS[kind];
  const [editing] = useState<RelationEditing | undefined>(() =>
    readOnly ? undefined : { relation, addLabel: tab.addLabel, removeLabel: tab.removeLabel, noun: tab.noun, ...tab.permissions(owner) },
  );
  const renderId = useCallback((id: string): ReactNode => <IdLink to={tab.linkTo} id={id} />, [tab.linkTo]);
  return (
    <RouteList firstPage={list.firstPage} after={list.after} fetch={list.fetch}>
      {(rows) => (
        <RelationTab
          list={rows}
          label={label ?? tab.label}
          idHeader={tab.idHeader}
          renderId={renderId}
          editing={editing}
          after={list.after}
          onBackToStart={list.onBackToStart}
          empty={empty}
        />
      )}
    </RouteList>
  );
}
