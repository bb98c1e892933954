import { useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useActorRef } from '../../../lib/root-actors';
import { activationSearch } from '../../../lib/search-schemas';
import { liveActivationMachine } from '../../../machines/activation';
import { ActivationPage } from '../../../ui/auth/ActivationPage';
import { useFlowRedirect } from '../../../ui/auth/useFlowRedirect';

export const Route = createFileRoute('/auth/users/create')({
  validateSearch: activationSearch,
  component: ActivationRoute,
});

// Without a token the activation machine goes to login at once (docs/behaviour.md, Activating an invited user).
function ActivationRoute() {
  const { token, email } = Route.useSearch();
  const navigate = useFlowRedirect();
  const [logic] = useState(() => liveActivationMachine.provide({ actions: { navigate: (_, redirect) => navigate(redirect) } }));
  const activation = useActorRef(logic, { input: { token, email } });
  return <ActivationPage activation={activation} />;
}
