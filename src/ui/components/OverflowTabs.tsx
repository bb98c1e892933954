import { useRef, type ReactElement, type ReactNode } from 'react';
import { Box, chakra, HStack, Link, Menu, Portal, type JsxStyleProps } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { LuChevronDown } from 'react-icons/lu';
import { useFittingTabs } from './tabFit';

export interface OverflowTab {
  /** Unique among the bar's tabs. */
  key: string;
  label: string;
  icon?: IconType;
  /** The tab of the page shown: marked (aria-current) in the row or in the menu. */
  active: boolean;
  /**
   * The tab's link around `face`: one element taking the props of the row's link or of the menu's item
   * (a router link, with `aria-current` when active).
   */
  link: (face: ReactNode) => ReactElement;
}

export interface OverflowTabsProps {
  /** The navigation's accessible name. */
  label: string;
  tabs: readonly OverflowTab[];
}

/** The look of a tab in the row: the links, the More button, and their hidden copies that are measured. */
function tabLook(active: boolean): JsxStyleProps {
  return {
    display: 'inline-flex',
    alignItems: 'center',
    flexShrink: 0,
    px: '3',
    py: '2',
    mb: '-1px',
    gap: '2',
    whiteSpace: 'nowrap',
    borderBottomWidth: '2px',
    borderColor: active ? 'tarn.solid' : 'transparent',
    color: active ? 'fg' : 'fg.muted',
    fontWeight: active ? 'semibold' : 'normal',
  };
}

function TabFace({ icon: Icon, label }: Pick<OverflowTab, 'icon' | 'label'>) {
  return (
    <>
      {Icon && <Icon aria-hidden="true" />}
      {label}
    </>
  );
}

function MoreFace() {
  return (
    <>
      More
      <LuChevronDown aria-hidden="true" />
    </>
  );
}

/** The tabs that did not fit in the row, as links in a menu; the current one is marked there too. */
function MoreTabs({ tabs }: { tabs: readonly OverflowTab[] }) {
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

/**
 * A tab bar that stays one line at any width: the tabs that do not fit go, in order, into a More menu at its end
 * (docs/behaviour.md, Conventions). Each tab is a link, in the row or in the menu, reachable by keyboard.
 */
export function OverflowTabs({ label, tabs }: OverflowTabsProps) {
  const container = useRef<HTMLDivElement>(null);
  const hiddenRow = useRef<HTMLDivElement>(null);
  const fitting = useFittingTabs(container, hiddenRow, tabs.length);
  return (
    <Box ref={container} position="relative" borderBottomWidth="1px">
      <HStack as="nav" aria-label={label} gap="1">
        {tabs.slice(0, fitting).map((tab) => (
          <Link key={tab.key} asChild {...tabLook(tab.active)} _hover={{ textDecoration: 'none', color: 'fg' }}>
            {tab.link(<TabFace icon={tab.icon} label={tab.label} />)}
          </Link>
        ))}
        {fitting < tabs.length && <MoreTabs tabs={tabs.slice(fitting)} />}
      </HStack>
      {/* Every tab, as wide as when it is current, and the More button, measured to decide what fits; never seen, and
          in a box of no size, so the page is no wider for it. */}
      <Box position="absolute" top="0" left="0" w="0" h="0" overflow="hidden" aria-hidden="true" inert>
        <HStack ref={hiddenRow} w="max-content" gap="1" visibility="hidden">
          {tabs.map((tab) => (
            <chakra.span key={tab.key} {...tabLook(true)}>
              <TabFace icon={tab.icon} label={tab.label} />
            </chakra.span>
          ))}
          <chakra.span {...tabLook(true)}>
            <MoreFace />
          </chakra.span>
        </HStack>
      </Box>
    </Box>
  );
}
