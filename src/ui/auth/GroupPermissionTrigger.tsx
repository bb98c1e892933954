import type { Ref } from 'react';
import { Button, Spinner, type ButtonProps } from '@chakra-ui/react';
import { LuChevronDown } from 'react-icons/lu';
import type { AclPermission } from '../../machines/group-acl';
import type { Permission } from '../../machines/session/machine';

export interface PermissionMenuProps {
  groupId: string;
  permission: AclPermission | undefined;
  busy: boolean;
  allowed: Permission;
  onPick: (level: AclPermission) => void;
  /** The placeholder trigger this takes the place of was clicked: the menu opens as it mounts. */
  openAtMount?: boolean;
}

/** The menu's trigger: the group's level, the same before and after the menu's code has loaded. */
export function PermissionTrigger({
  groupId,
  permission,
  busy,
  allowed,
  ...rest
}: Omit<PermissionMenuProps, 'onPick' | 'openAtMount'> & Omit<ButtonProps, 'permission'> & { ref?: Ref<HTMLButtonElement> }) {
  return (
    <Button
      size="xs"
      variant="outline"
      disabled={busy || !allowed.allowed}
      title={allowed.reason}
      aria-label={`Permission of ${groupId}: ${permission ?? 'None'}`}
      {...rest}
    >
      {busy ? <Spinner size="xs" /> : (permission ?? 'None')}
      <LuChevronDown />
    </Button>
  );
}
