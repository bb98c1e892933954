import { createFileRoute } from '@tanstack/react-router';
import { useActorRef } from '../../../../lib/root-actors';
import { readActionRun, type ActionRunRead } from '../../../../api/actions';
import { actionRunSearch } from '../../../../lib/search-schemas';
import { liveActionRunMachine } from '../../../../machines/action-run';
import { ActionRunPage } from '../../../../ui/actions/ActionRunPage';
import { RouteErrorAlert } from '../../../../ui/components/RouteErrorAlert';

export const Route = createFileRoute('/repositories/$repoId/actions/$runId')({
  validateSearch: actionRunSearch,
  loader: ({ params, abortController }) => readActionRun(params.repoId, params.runId, abortController.signal),
  // Read once per visit: the page's machine reads a running run again itself, and choosing an action (the URL's
  // `action`) must not read the run again and start the page over, folding the logs the user opened.
  staleTime: Infinity,
  gcTime: 0,
  component: ActionRunRoute,
  errorComponent: RouteErrorAlert,
});

function ActionRunRoute() {
  const { repoId, runId } = Route.useParams();
  const firstRead = Route.useLoaderData();
  const loadedAt = Route.useMatch({ select: (match) => match.updatedAt });
  const { action } = Route.useSearch();
  return <ActionRunDetail key={`${runId}\u0000${loadedAt}`} repoId={repoId} runId={runId} firstRead={firstRead} action={action} />;
}

interface ActionRunDetailProps {
  repoId: string;
  runId: string;
  firstRead: ActionRunRead;
  action?: string;
}

function ActionRunDetail({ repoId, runId, firstRead, action }: ActionRunDetailProps) {
  // The run is read again while it runs; the poll stops with this component (the actor stops).
  const run = useActorRef(liveActionRunMachine, { input: { repoId, runId, firstRead } });
  return <ActionRunPage run={run} repoId={repoId} action={action} />;
}
