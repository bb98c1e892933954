import { Box, Flex, HStack, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink, useRouterState } from '@tanstack/react-router';
import type { User, VersionConfig } from '../../api/types';
import { ColorModeToggle } from '../theme/ColorModeToggle';
import { UserMenu } from './UserMenu';

export interface TopNavProps {
  user: User;
  version?: VersionConfig;
  onLogout: () => void;
}

function NavLink({ to, active, children }: { to: '/repositories' | '/auth/users'; active: boolean; children: string }) {
  return (
    <Link
      asChild
      px="3"
      py="1.5"
      borderRadius="md"
      fontWeight="medium"
      color={active ? 'tarn.fg' : 'fg.muted'}
      bg={active ? 'tarn.subtle' : undefined}
      _hover={{ textDecoration: 'none', bg: 'bg.muted' }}
    >
      <RouterLink to={to} aria-current={active ? 'page' : undefined}>
        {children}
      </RouterLink>
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
            <HStack gap="2">
              <Box w="6" h="6" borderRadius="full" bgGradient="to-br" gradientFrom="tarn.300" gradientTo="tarn.700" aria-hidden="true" />
              <Text fontWeight="bold" fontSize="lg" letterSpacing="tight">
                Tarn
              </Text>
            </HStack>
          </RouterLink>
        </Link>
        <HStack gap="1">
          <NavLink to="/repositories" active={pathname.startsWith('/repositories')}>
            Repositories
          </NavLink>
          <NavLink to="/auth/users" active={pathname.startsWith('/auth')}>
            Administration
          </NavLink>
        </HStack>
        <HStack gap="2" ms="auto">
          <ColorModeToggle />
          <UserMenu user={user} version={version} onLogout={onLogout} />
        </HStack>
      </Flex>
    </Box>
  );
}
