import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { createActor } from './lib/root-actors';
import { setBootAnswers } from './api/boot-answers';
import { loginRedirectPath, onSessionLost } from './api/client';
import { liveSessionMachine, type SessionActorRef } from './machines/session';
import { routeTree } from './routeTree.gen';
import { Loading } from './ui/components/Loading';

export type { RouterContext } from './router-context';

export interface AppRouterOptions {
  history?: RouterHistory;
  /** A session made elsewhere (tests); by default the live one, started here. */
  session?: SessionActorRef;
}

export function createAppRouter(options: AppRouterOptions = {}) {
  const session =
    options.session ??
    createActor(
      liveSessionMachine.provide({
        actions: {
          goToLogin: (_, { next }) => void router.navigate({ href: loginRedirectPath(next), replace: true }),
          leave: (_, { url }) => window.location.assign(url),
        },
      }),
    ).start();
  const router = createRouter({
    routeTree,
    history: options.history,
    context: { session },
    defaultPreload: 'intent',
    defaultPendingComponent: () => <Loading />,
    scrollRestoration: true,
  });
  onSessionLost((next) => session.send({ type: 'session.lost', next }));
  // The page's answers are the first load's: any later read (a sign-in, another page, a refresh) asks the server.
  router.subscribe('onResolved', () => setBootAnswers(''));
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
