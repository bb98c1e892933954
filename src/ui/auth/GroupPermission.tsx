import { useEffect, useRef, useState, type ComponentType } from 'react';
import { HStack, IconButton, Text } from '@chakra-ui/react';
import { useActorRef } from '../../lib/root-actors';
import { useSelector } from '@xstate/react';
import { LuTriangleAlert } from 'react-icons/lu';
import { errorMessage } from '../../lib/error-message';
import { arn } from '../../lib/permission-names';
import { liveGroupAclMachine, type GroupAclSnapshot } from '../../machines/group-acl';
import { PermissionTrigger, type PermissionMenuProps } from './GroupPermissionTrigger';
import { usePermission } from '../../lib/use-session';
import { whenIdle } from '../components/lazyDialog';

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

// The menu (its positioning and dismissal code) is none of the list's first paint: it is fetched once the page is
// idle (or when the pointer or the keyboard reaches a trigger), and takes the placeholder trigger's place on the
// first click, opening at once.
let menu: ComponentType<PermissionMenuProps> | undefined;
let loading: Promise<ComponentType<PermissionMenuProps>> | undefined;
function loadMenu(): Promise<ComponentType<PermissionMenuProps>> {
  loading ??= import('./GroupPermissionMenu').then((m) => (menu = m.GroupPermissionMenu));
  return loading;
}

function PermissionMenu(props: Omit<PermissionMenuProps, 'openAtMount'>) {
  const [Menu, setMenu] = useState(() => menu);
  // Set when the placeholder trigger's click brought the menu in: it opens as it mounts.
  const [clicked, setClicked] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    const idle = whenIdle(() => void loadMenu());
    return () => {
      mounted.current = false;
      idle.cancel();
    };
  }, []);
  if (Menu) return <Menu {...props} openAtMount={clicked} />;
  // Only a click swaps the triggers, so that no press starts on one and ends on the other.
  const open = () =>
    void loadMenu().then((loaded) => {
      if (!mounted.current) return;
      setClicked(true);
      setMenu(() => loaded);
    });
  const { onPick: _onPick, ...trigger } = props;
  return (
    <PermissionTrigger
      {...trigger}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={open}
    />
  );
}
