import { Box, Button, Menu, Portal, Text } from '@chakra-ui/react';
import { LuCircleUser, LuLogOut, LuSparkles } from 'react-icons/lu';
import type { User, VersionConfig } from '../../api/types';

export interface UserMenuProps {
  user: User;
  version?: VersionConfig;
  onLogout: () => void;
}

export function userDisplayName(user: User): string {
  return user.friendly_name || user.id;
}

export function UserMenu({ user, version, onLogout }: UserMenuProps) {
  const upgrade = version?.upgrade_recommended && version.upgrade_url ? version.upgrade_url : undefined;
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" aria-label={`User menu for ${userDisplayName(user)}`}>
          <LuCircleUser />
          <Text as="span" maxW="40" truncate>
            {userDisplayName(user)}
          </Text>
          {upgrade && <Box as="span" w="2" h="2" borderRadius="full" bg="red.500" aria-hidden="true" />}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="56">
            {upgrade && (
              <Menu.Item value="upgrade" asChild>
                <a href={upgrade} target="_blank" rel="noopener noreferrer">
                  <LuSparkles />
                  New lakeFS version is available!
                </a>
              </Menu.Item>
            )}
            <Menu.Item value="logout" onSelect={onLogout}>
              <LuLogOut />
              Logout
            </Menu.Item>
            {version?.version && (
              <>
                <Menu.Separator />
                <Menu.Item value="version" disabled>
                  {[version.version_context, version.version].filter(Boolean).join(' ')}
                </Menu.Item>
              </>
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
