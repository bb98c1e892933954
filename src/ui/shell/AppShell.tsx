import type { ReactNode } from 'react';
import { Box } from '@chakra-ui/react';
import type { User } from '../../api/types';
import { logout } from './logout';
import { TopNav } from './TopNav';
import { useVersionConfig } from './useVersionConfig';

export interface AppShellProps {
  user: User;
  children: ReactNode;
}

/** The frame around every signed-in page. */
export function AppShell({ user, children }: AppShellProps) {
  const version = useVersionConfig();
  return (
    <Box minH="100vh" bg="bg">
      <TopNav user={user} version={version} onLogout={() => void logout()} />
      <Box as="main" px="6" py="6" maxW="8xl" mx="auto">
        {children}
      </Box>
    </Box>
  );
}
