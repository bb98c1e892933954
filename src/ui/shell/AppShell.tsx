import type { ReactNode } from 'react';
import { Box } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { SessionActorRef } from '../../machines/session';
import { TopNav } from './TopNav';

export interface AppShellProps {
  session: SessionActorRef;
  children: ReactNode;
}

/** The frame around every signed-in page. */
export function AppShell({ session, children }: AppShellProps) {
  const user = useSelector(session, (s) => s.context.user);
  const version = useSelector(session, (s) => s.context.config?.version_config);
  if (!user) return null;
  return (
    <Box minH="100vh" bg="bg">
      <TopNav user={user} version={version} onLogout={() => session.send({ type: 'session.logout' })} />
      <Box as="main" px="6" py="6" maxW="8xl" mx="auto">
        {children}
      </Box>
    </Box>
  );
}
