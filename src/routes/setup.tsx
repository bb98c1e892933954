import { createFileRoute } from '@tanstack/react-router';
import { useScreen } from '../lib/use-screen';
import { liveSetupMachine } from '../machines/setup';
import { SetupPage } from '../ui/setup/SetupPage';

// /setup and, through its catch-all child, /setup/*: both show the first-run setup.
export const Route = createFileRoute('/setup')({ component: SetupRoute });

function SetupRoute() {
  return <SetupPage setup={useScreen(liveSetupMachine, undefined)} />;
}
