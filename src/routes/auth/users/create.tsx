import { createFileRoute } from '@tanstack/react-router';
import { activationSearch } from '../../../lib/search-schemas';
import { useScreen } from '../../../lib/use-screen';
import { liveActivationMachine } from '../../../machines/activation';
import { ActivationPage } from '../../../ui/auth/ActivationPage';

export const Route = createFileRoute('/auth/users/create')({
  validateSearch: activationSearch,
  component: ActivationRoute,
});

// Without a token the activation machine goes to login at once (docs/behaviour.md, Activating an invited user).
function ActivationRoute() {
  const { token, email } = Route.useSearch();
  return <ActivationPage activation={useScreen(liveActivationMachine, { token, email })} />;
}
