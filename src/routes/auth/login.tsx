import { createFileRoute } from '@tanstack/react-router';
import { useFlowRedirect } from '../../ui/auth/useFlowRedirect';
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
  return <LoginPage next={next} redirected={redirected} onRedirect={useFlowRedirect()} />;
}
