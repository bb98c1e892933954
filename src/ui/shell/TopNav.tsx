import { Box, Flex, HStack, Link } from '@chakra-ui/react';
import { Link as RouterLink, useRouter, useRouterState } from '@tanstack/react-router';
import type { User, VersionConfig } from '../../api/types';
import { lazyPopup } from '../components/lazyDialog';
import { ColorModeToggle } from '../theme/ColorModeToggle';
import { TarnLogo } from './TarnLogo';
import { UserMenuButton } from './UserMenuButton';

// The menu's dropdown and positioning code is none of a page's first paint (lazyPopup): its button shows at once.
const useUserMenu = lazyPopup(() => import('./UserMenu').then((m) => m.UserMenu));

export interface TopNavProps {
  user: User;
  version?: VersionConfig;
  onLogout: () => void;
}

/**
 * A section link by address: the sections' pages are owned by their own routes, which need not all exist in this
 * build (an unknown address falls back to the repository list), so the link is not tied to a route type.
 */
function NavLink({ href, active, children }: { href: string; active: boolean; children: string }) {
  const router = useRouter();
  return (
    <Link
      href={href}
      aria-current={active ? 'page' : undefined}
      px="3"
      py="1.5"
      borderRadius="md"
      fontWeight="medium"
      color={active ? 'tarn.fg' : 'fg.muted'}
      bg={active ? 'tarn.subtle' : undefined}
      _hover={{ textDecoration: 'none', bg: 'bg.muted' }}
      onClick={(event) => {
        // Modified clicks keep the browser's behaviour (new tab, new window).
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        void router.navigate({ href });
      }}
    >
      {children}
    </Link>
  );
}

/** The top bar: logo, the two sections, the colour-mode switch and the user menu. */
export function TopNav({ user, version, onLogout }: TopNavProps) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <Box as="header" borderBottomWidth="1px" bg="bg.panel" position="sticky" top="0" zIndex="docked">
      <Flex as="nav" aria-label="Main" align="center" gap="4" px="6" h="14" maxW="8xl" mx="auto">
        <Link asChild _hover={{ textDecoration: 'none' }}>
          <RouterLink to="/repositories" aria-label="Tarn home">
            <TarnLogo />
          </RouterLink>
        </Link>
        <HStack gap="1">
          <NavLink href="/repositories" active={pathname.startsWith('/repositories')}>
            Repositories
          </NavLink>
          <NavLink href="/auth" active={pathname.startsWith('/auth')}>
            Administration
          </NavLink>
        </HStack>
        <HStack gap="2" ms="auto">
          <ColorModeToggle />
          <UserMenuSlot user={user} version={version} onLogout={onLogout} />
        </HStack>
      </Flex>
    </Box>
  );
}

/** The user menu once its code is here; until then its button, which brings it in open when clicked. */
function UserMenuSlot(props: TopNavProps) {
  const { Loaded: UserMenu, openAtMount, trigger } = useUserMenu();
  if (UserMenu) return <UserMenu {...props} openAtMount={openAtMount} />;
  const upgrade = Boolean(props.version?.upgrade_recommended && props.version.upgrade_url);
  return <UserMenuButton user={props.user} upgrade={upgrade} aria-haspopup="menu" aria-expanded={false} {...trigger} />;
}
