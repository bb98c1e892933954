import { Box } from '@chakra-ui/react';
import { createRootRouteWithContext, Outlet, redirect } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { loginRedirectPath } from '../api/client';
import { isPublicPath } from '../lib/public-paths';
import { checkedSession } from '../machines/session';
import type { RouterContext } from '../router-context';
import { ErrorAlert } from '../ui/components/ErrorAlert';
import { NoSuchPage } from '../ui/components/NotFound';
import { AppMain } from '../ui/shell/AppShell';

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ context, location }) => {
    // /auth has no page of its own: it opens the user's credentials; a user opens on its groups, a group on its
    // members. Redirects here rather than as routes: each route adds to the entry's route tree.
    if (/^\/auth\/?$/.test(location.pathname)) throw redirect({ href: '/auth/credentials', replace: true });
    const entity = /^\/auth\/(users|groups)\/([^/]+)\/?$/.exec(location.pathname);
    if (entity && entity[2] !== 'create') {
      throw redirect({ href: `${location.pathname.replace(/\/$/, '')}/${entity[1] === 'users' ? 'groups' : 'members'}`, replace: true });
    }
    if (isPublicPath(location.pathname)) return;
    const check = await checkedSession(context.session);
    if (check.status === 'signedOut') throw redirect({ href: loginRedirectPath(location.href) });
  },
  component: RootLayout,
  errorComponent: ({ error, reset }) => (
    <Box p="6">
      <ErrorAlert error={error} onRetry={reset} />
    </Box>
  ),
  notFoundComponent: NoSuchPage,
});

function RootLayout() {
  const session = Route.useRouteContext({ select: (context) => context.session });
  const signedIn = useSelector(session, (s) => s.context.user !== null);
  if (!signedIn) return <Outlet />;
  // The top bar above it is the router's (src/router.tsx).
  return (
    <AppMain>
      <Outlet />
    </AppMain>
  );
}
