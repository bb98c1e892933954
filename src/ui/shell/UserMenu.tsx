import { Menu, Portal } from '@chakra-ui/react';
import { LuLogOut, LuSparkles } from 'react-icons/lu';
import type { User, VersionConfig } from '../../api/types';
import { UserMenuButton } from './UserMenuButton';

export interface UserMenuProps {
  user: User;
  version?: VersionConfig;
  onLogout: () => void;
}

/** The menu with its positioning code: loaded after the first screen (TopNav), which shows its button meanwhile. */
export default function UserMenu({ user, version, onLogout }: UserMenuProps) {
  const upgrade = version?.upgrade_recommended && version.upgrade_url ? version.upgrade_url : undefined;
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <UserMenuButton user={user} upgrade={upgrade !== undefined} />
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
