import { useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useActorRef } from '../lib/root-actors';
import { liveSetupMachine } from '../machines/setup';
import { useFlowRedirect } from '../ui/auth/useFlowRedirect';
import { SetupPage } from '../ui/setup/SetupPage';

// /setup and, through its catch-all child, /setup/*: both show the first-run setup.
export const Route = createFileRoute('/setup')({ component: SetupRoute });

function SetupRoute() {
  const navigate = useFlowRedirect();
  const [logic] = useState(() => liveSetupMachine.provide({ actions: { navigate: (_, redirect) => navigate(redirect) } }));
  return <SetupPage setup={useActorRef(logic)} />;
}
