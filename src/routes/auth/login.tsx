import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { liveLoginMachine } from '../../machines/login';
import { useScreen } from '../../lib/use-screen';
import { useSessionActor } from '../../lib/use-session';
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
  const login = useScreen(liveLoginMachine, { session, next: next ?? null, redirected: redirected === true });
  return <LoginPage login={login} />;
}
