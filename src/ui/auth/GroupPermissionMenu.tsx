import { useState } from 'react';
import { Portal, Stack, Text } from '@chakra-ui/react';
import { Menu } from '../theme/deferred/menu';
import { ACL_PERMISSIONS } from '../../machines/group-acl';
import { PermissionTrigger, type PermissionMenuProps } from './GroupPermissionTrigger';

/** GroupPermission's dropdown of the four levels, each with what it allows, loaded once a trigger is reached. */
export function GroupPermissionMenu({ onPick, openAtMount = false, ...trigger }: PermissionMenuProps) {
  const [open, setOpen] = useState(() => openAtMount && !trigger.busy && trigger.allowed.allowed);
  return (
    <Menu.Root positioning={{ placement: 'bottom-start' }} open={open} onOpenChange={(details) => setOpen(details.open)}>
      <Menu.Trigger asChild>
        <PermissionTrigger {...trigger} />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content maxW="sm">
            {ACL_PERMISSIONS.map((level) => (
              <Menu.Item key={level.value} value={level.value} onSelect={() => onPick(level.value)}>
                <Stack gap="0">
                  <Text fontWeight="semibold">{level.value}</Text>
                  <Text fontSize="xs" color="fg.muted">
                    {level.description}
                  </Text>
                </Stack>
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
