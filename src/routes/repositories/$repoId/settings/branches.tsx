import { createFileRoute } from '@tanstack/react-router';
import { getBranchProtection } from '../../../../api/settings';
import { useScreen } from '../../../../lib/use-screen';
import { liveBranchProtectionMachine } from '../../../../machines/branch-protection';
import { RouteErrorAlert } from '../../../../ui/components/RouteErrorAlert';
import { BranchProtectionSettings } from '../../../../ui/settings/BranchProtectionSettings';

export const Route = createFileRoute('/repositories/$repoId/settings/branches')({
  loader: ({ params, abortController }) => getBranchProtection(params.repoId, abortController.signal),
  component: BranchProtectionRoute,
  errorComponent: RouteErrorAlert,
});

function BranchProtectionRoute() {
  const { repoId } = Route.useParams();
  const firstRead = Route.useLoaderData();
  const rules = useScreen(liveBranchProtectionMachine, { repoId, firstRead });
  return <BranchProtectionSettings repoId={repoId} rules={rules} />;
}
