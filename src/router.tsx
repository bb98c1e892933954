import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { createActor } from './lib/root-actors';
import { setBootAnswers } from './api/boot-answers';
import { loginRedirectPath, onSessionLost } from './api/client';
import { liveSessionMachine, type SessionActorRef } from './machines/session';
import { routeTree } from './routeTree.gen';
import { Loading } from './ui/components/Loading';
import { SessionTopBar } from './ui/shell/AppShell';

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
    // The signed-in top bar is drawn once the session knows the user, while the page's reads are still out: around
    // the routes rather than in the root route, which renders only when every read of the page has answered.
    InnerWrap: ({ children }) => (
      <>
        <SessionTopBar session={session} />
        {children}
      </>
    ),
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
