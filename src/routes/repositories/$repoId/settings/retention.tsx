import { createFileRoute } from '@tanstack/react-router';
import { useActorRef } from '../../../../lib/root-actors';
import { getGcRules } from '../../../../api/settings';
import type { GarbageCollectionRules } from '../../../../api/types';
import { liveGcPolicyMachine } from '../../../../machines/gc-policy';
import { RouteErrorAlert } from '../../../../ui/components/RouteErrorAlert';
import { useRepository } from '../../../../ui/repository/RepositoryContext';
import { GcPolicySettings } from '../../../../ui/settings/GcPolicySettings';

export const Route = createFileRoute('/repositories/$repoId/settings/retention')({
  // null: no policy is set (the server answers 404).
  loader: ({ params, abortController }) => getGcRules(params.repoId, abortController.signal),
  component: RetentionRoute,
  errorComponent: RouteErrorAlert,
});

function RetentionRoute() {
  const firstRead = Route.useLoaderData();
  const loadedAt = Route.useMatch({ select: (match) => match.updatedAt });
  return <GcPolicy key={loadedAt} firstRead={firstRead} />;
}

function GcPolicy({ firstRead }: { firstRead: GarbageCollectionRules | null }) {
  const { repo } = useRepository();
  const policy = useActorRef(liveGcPolicyMachine, {
    input: { repoId: repo.id, defaultBranch: repo.default_branch, firstRead },
  });
  return <GcPolicySettings repoId={repo.id} policy={policy} />;
}
