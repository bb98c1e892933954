import { useState } from 'react';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { activationSearch } from '../../../lib/search-schemas';
import { liveActivationMachine } from '../../../machines/activation';
import { ActivationPage } from '../../../ui/auth/ActivationPage';
import { useFlowRedirect } from '../../../ui/auth/useFlowRedirect';

export const Route = createFileRoute('/auth/users/create')({
  validateSearch: activationSearch,
  // Without a token there is nothing to activate: to login (spec 2 "Activate invited user").
  beforeLoad: ({ search }) => {
    if (!search.token) throw redirect({ to: '/auth/login', replace: true });
  },
  component: ActivationRoute,
});

function ActivationRoute() {
  const { token, email } = Route.useSearch();
  const navigate = useFlowRedirect();
  const [logic] = useState(() => liveActivationMachine.provide({ actions: { navigate: (_, redirect) => navigate(redirect) } }));
  const activation = useActorRef(logic, { input: { token, email } });
  return <ActivationPage activation={activation} />;
}
