import { HStack, IconButton, Text } from '@chakra-ui/react';
import { useActorRef } from '../../lib/root-actors';
import { useSelector } from '@xstate/react';
import { LuTriangleAlert } from 'react-icons/lu';
import { errorMessage } from '../../lib/error-message';
import { arn } from '../../lib/permission-names';
import { liveGroupAclMachine, type GroupAclSnapshot } from '../../machines/group-acl';
import { PermissionTrigger, type PermissionMenuProps } from './GroupPermissionTrigger';
import { usePermission } from '../../lib/use-session';
import { lazyPopup } from '../components/lazyDialog';

const selectView = (s: GroupAclSnapshot) => ({
  permission: s.context.acl?.permission,
  busy: s.hasTag('busy'),
  failed: s.matches('failed'),
  error: s.context.error,
});

/** A group's Permission in simplified mode: a dropdown of the four levels, each with what it allows. */
export function GroupPermission({ groupId }: { groupId: string }) {
  const acl = useActorRef(liveGroupAclMachine, { input: { groupId } });
  const { permission, busy, failed, error } = useSelector(acl, selectView);
  const allowed = usePermission('auth:AttachPolicy', arn.group(groupId));
  if (failed) {
    return (
      <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={`Retry: ${errorMessage(error)}`} title={errorMessage(error)} onClick={() => acl.send({ type: 'acl.retry' })}>
        <LuTriangleAlert />
      </IconButton>
    );
  }
  return (
    <HStack gap="1">
      <PermissionMenu
        groupId={groupId}
        permission={permission}
        busy={busy}
        allowed={allowed}
        onPick={(level) => acl.send({ type: 'acl.set', permission: level })}
      />
      {error !== undefined && (
        <Text fontSize="xs" color="fg.error" role="alert" truncate title={errorMessage(error)}>
          {errorMessage(error)}
        </Text>
      )}
    </HStack>
  );
}

// The menu (its positioning and dismissal code) is none of the list's first paint (lazyPopup).
const useMenu = lazyPopup(() => import('./GroupPermissionMenu').then((m) => m.GroupPermissionMenu));

function PermissionMenu(props: Omit<PermissionMenuProps, 'openAtMount'>) {
  const { Loaded: Menu, openAtMount, trigger } = useMenu();
  if (Menu) return <Menu {...props} openAtMount={openAtMount} />;
  const { onPick: _onPick, ...placeholder } = props;
  return <PermissionTrigger {...placeholder} aria-haspopup="menu" aria-expanded={false} {...trigger} />;
}
