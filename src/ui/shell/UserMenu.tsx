import { useState } from 'react';
import { Portal } from '@chakra-ui/react';
import { Menu } from '../theme/deferred/menu';
import { LuLogOut, LuSparkles } from 'react-icons/lu';
import type { User, VersionConfig } from '../../api/types';
import { useColorMode, type ColorModeChoice } from '../theme/colorMode';
import { UserMenuButton } from './UserMenuButton';

const THEMES: { value: ColorModeChoice; label: string }[] = [
  { value: 'system', label: 'Same as the system' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

const isThemeChoice = (value: string): value is ColorModeChoice => THEMES.some((theme) => theme.value === value);

export interface UserMenuProps {
  user: User;
  version?: VersionConfig;
  onLogout: () => void;
  /** The placeholder button's click brought the menu in: it opens as it mounts. */
  openAtMount?: boolean;
}

/** The menu with its positioning code: fetched when the page is idle (TopNav), which shows its button meanwhile. */
export function UserMenu({ user, version, onLogout, openAtMount = false }: UserMenuProps) {
  const { choice, setChoice } = useColorMode();
  const [open, setOpen] = useState(openAtMount);
  const upgrade = version?.upgrade_recommended && version.upgrade_url ? version.upgrade_url : undefined;
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} open={open} onOpenChange={(details) => setOpen(details.open)}>
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
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>Theme</Menu.ItemGroupLabel>
              <Menu.RadioItemGroup
                value={choice}
                onValueChange={(details) => {
                  if (isThemeChoice(details.value)) setChoice(details.value);
                }}
              >
                {THEMES.map((theme) => (
                  <Menu.RadioItem key={theme.value} value={theme.value}>
                    {theme.label}
                    <Menu.ItemIndicator />
                  </Menu.RadioItem>
                ))}
              </Menu.RadioItemGroup>
            </Menu.ItemGroup>
            <Menu.Separator />
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
