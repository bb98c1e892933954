import { createFileRoute } from '@tanstack/react-router';
import { useActorRef } from '../../../../lib/root-actors';
import { getPolicy } from '../../../../api/access-control';
import type { Policy } from '../../../../api/types';
import { livePolicyEditorMachine } from '../../../../machines/policy-editor';
import { PolicyPage } from '../../../../ui/auth/PolicyPage';

export const Route = createFileRoute('/auth/_admin/policies/$policyId')({
  loader: ({ params, abortController }) => getPolicy(params.policyId, abortController.signal),
  component: PolicyRoute,
});

function PolicyRoute() {
  const policy = Route.useLoaderData();
  const loadedAt = Route.useMatch({ select: (match) => match.updatedAt });
  return <PolicyEditing key={`${policy.id}:${loadedAt}`} policy={policy} />;
}

/** The policy and its editor: saving reads the policy again (the editor's own read). */
function PolicyEditing({ policy }: { policy: Policy }) {
  const editor = useActorRef(livePolicyEditorMachine, { input: { mode: 'edit', policy } });
  return <PolicyPage editor={editor} />;
}
