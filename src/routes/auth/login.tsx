import { useCallback } from 'react';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import type { Redirect } from '../../lib/redirect';
import { LoginPage } from '../../ui/auth/LoginPage';

interface LoginSearch {
  next?: string;
  redirected?: boolean;
}

export const Route = createFileRoute('/auth/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    next: typeof search.next === 'string' && search.next !== '' ? search.next : undefined,
    redirected: search.redirected === true || search.redirected === 'true' ? true : undefined,
  }),
  component: LoginRoute,
});

function LoginRoute() {
  const { next, redirected } = Route.useSearch();
  const router = useRouter();
  const onRedirect = useCallback(
    (redirect: Redirect) => {
      if (redirect.external) window.location.assign(redirect.to);
      else void router.navigate({ href: redirect.to, replace: true });
    },
    [router],
  );
  return <LoginPage next={next} redirected={redirected} onRedirect={onRedirect} />;
}
