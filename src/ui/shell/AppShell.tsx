import { memo, type ReactNode } from 'react';
import { Box } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { SessionActorRef } from '../../machines/session';
import { TopNav } from './TopNav';

/**
 * The top bar of every signed-in page, drawn as soon as the session knows the user. It sits outside the routes (the
 * router's InnerWrap, src/router.tsx), so it does not wait for a page's reads and is not drawn with the page: the
 * page's first paint after its reads is that much smaller. Memoised: the router renders its wrap again with every
 * change of its matches, and the bar changes only with the session.
 */
export const SessionTopBar = memo(function SessionTopBar({ session }: { session: SessionActorRef }) {
  const user = useSelector(session, (s) => s.context.user);
  const version = useSelector(session, (s) => s.context.config?.version_config);
  if (!user) return null;
  return <TopNav user={user} version={version} onLogout={() => session.send({ type: 'session.logout' })} />;
});

/** The frame of a signed-in page's content, below the top bar. */
export function AppMain({ children }: { children: ReactNode }) {
  return (
    <Box as="main" px="6" py="6" maxW="8xl" mx="auto">
      {children}
    </Box>
  );
}
