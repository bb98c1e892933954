import { createRootRoute, Navigate, Outlet, redirect } from '@tanstack/react-router';
import { AppShell } from '../ui/shell/AppShell';
import { requireUser } from '../ui/shell/authGuard';
import { ErrorAlert } from '../ui/components/ErrorAlert';
import { Box } from '@chakra-ui/react';

export const Route = createRootRoute({
  beforeLoad: ({ location }) => {
    // /auth has no page of its own: it opens the user's credentials.
    if (/^\/auth\/?$/.test(location.pathname)) throw redirect({ href: '/auth/credentials', replace: true });
    return requireUser(location);
  },
  component: RootLayout,
  errorComponent: ({ error }) => (
    <Box p="6">
      <ErrorAlert error={error} />
    </Box>
  ),
  notFoundComponent: () => <Navigate to="/repositories" replace />,
});

function RootLayout() {
  const { user } = Route.useRouteContext();
  if (!user) return <Outlet />;
  return (
    <AppShell user={user}>
      <Outlet />
    </AppShell>
  );
}
