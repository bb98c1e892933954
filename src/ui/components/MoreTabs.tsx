// The More menu of a tab bar, loaded only once some tab does not fit: a wide window never needs the menu's code.
import { chakra, Portal } from '@chakra-ui/react';
import { Menu } from '../theme/deferred/menu';
import { MoreFace, TabFace, tabLook, type OverflowTab } from './tabFaces';

/** The tabs that did not fit in the row, as links in a menu; the current one is marked there too. */
export function MoreTabs({ tabs }: { tabs: readonly OverflowTab[] }) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <chakra.button
          type="button"
          {...tabLook(tabs.some((tab) => tab.active))}
          cursor="pointer"
          borderTopRadius="sm"
          _hover={{ color: 'fg' }}
          focusVisibleRing="outside"
        >
          <MoreFace />
        </chakra.button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="48">
            {tabs.map((tab) => (
              <Menu.Item key={tab.key} value={tab.key} asChild fontWeight={tab.active ? 'semibold' : 'normal'}>
                {tab.link(<TabFace icon={tab.icon} label={tab.label} />)}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

