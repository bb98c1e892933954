import { useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useActorRef } from '../../lib/root-actors';
import * as z from 'zod/mini';
import { liveLoginMachine } from '../../machines/login';
import { useSessionActor } from '../../lib/use-session';
import { useFlowRedirect } from '../../ui/auth/useFlowRedirect';
import { LoginPage } from '../../ui/auth/LoginPage';

const loginSearch = z.object({
  next: z.catch(z.optional(z.string().check(z.minLength(1))), undefined),
  redirected: z.catch(
    z.optional(
      z.pipe(
        z.union([z.boolean(), z.enum(['true', 'false'])]),
        z.transform((value) => (value === true || value === 'true' ? true : undefined)),
      ),
    ),
    undefined,
  ),
});

export const Route = createFileRoute('/auth/login')({
  validateSearch: loginSearch,
  component: LoginRoute,
});

function LoginRoute() {
  const { next, redirected } = Route.useSearch();
  const session = useSessionActor();
  const navigate = useFlowRedirect();
  // The flow's logic is fixed for the page's life: the session and the router do not change.
  const [logic] = useState(() =>
    liveLoginMachine.provide({
      actions: {
        signedIn: (_, user) => session.send({ type: 'session.signedIn', user }),
        navigate: (_, redirect) => navigate(redirect),
      },
    }),
  );
  const login = useActorRef(logic, { input: { next: next ?? null, redirected: redirected === true } });
  return <LoginPage login={login} />;
}
