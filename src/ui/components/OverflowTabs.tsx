import { lazy, Suspense, useRef } from 'react';
import { Box, chakra, HStack, Link } from '@chakra-ui/react';
import { MoreFace, TabFace, tabLook, type OverflowTab } from './tabFaces';
import { useFittingTabs } from './tabFit';

export type { OverflowTab } from './tabFaces';

// Loaded once some tab does not fit: a wide window never needs the menu's code.
const MoreTabs = lazy(() => import('./MoreTabs').then((m) => ({ default: m.MoreTabs })));

export interface OverflowTabsProps {
  /** The navigation's accessible name. */
  label: string;
  tabs: readonly OverflowTab[];
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
        {fitting < tabs.length && (
          // Until the menu's code arrives, its button holds the place, so the row does not shift.
          <Suspense
            fallback={
              <chakra.span {...tabLook(false)}>
                <MoreFace />
              </chakra.span>
            }
          >
            <MoreTabs tabs={tabs.slice(fitting)} />
          </Suspense>
        )}
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
