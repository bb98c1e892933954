import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { setUnauthenticatedHandler, loginRedirectPath } from './api/client';
import { routeTree } from './routeTree.gen';
import { Loading } from './ui/components/Loading';

export function createAppRouter(options: { history?: RouterHistory } = {}) {
  const router = createRouter({
    routeTree,
    history: options.history,
    defaultPreload: 'intent',
    defaultPendingComponent: () => <Loading />,
    scrollRestoration: true,
  });
  // A session lost mid-use goes to login through the router rather than a full page load.
  setUnauthenticatedHandler((next) => void router.navigate({ href: loginRedirectPath(next), replace: true }));
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
