import { createFileRoute } from '@tanstack/react-router';
import { useActorRef } from '../../../../lib/root-actors';
import { getBranchProtection, type BranchProtection } from '../../../../api/settings';
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
  const loadedAt = Route.useMatch({ select: (match) => match.updatedAt });
  return <BranchProtectionRules key={loadedAt} repoId={repoId} firstRead={firstRead} />;
}

function BranchProtectionRules({ repoId, firstRead }: { repoId: string; firstRead: BranchProtection }) {
  const rules = useActorRef(liveBranchProtectionMachine, { input: { repoId, firstRead } });
  return <BranchProtectionSettings repoId={repoId} rules={rules} />;
}
