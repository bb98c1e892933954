import { createFileRoute } from '@tanstack/react-router';
import { getGcRules } from '../../../../api/settings';
import { useScreen } from '../../../../lib/use-screen';
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
  const { repo } = useRepository();
  const policy = useScreen(liveGcPolicyMachine, { repoId: repo.id, defaultBranch: repo.default_branch, firstRead });
  return <GcPolicySettings repoId={repo.id} policy={policy} />;
}
