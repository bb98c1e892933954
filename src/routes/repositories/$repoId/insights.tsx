import { createFileRoute } from '@tanstack/react-router';
import { getUsage } from '../../../api/insights';
import type { PrefixUsage } from '../../../api/types';
import { prefixSearch } from '../../../lib/search-schemas';
import { useScreen } from '../../../lib/use-screen';
import { liveInsightsPageMachine } from '../../../machines/insights-page';
import { RouteErrorAlert } from '../../../ui/components/RouteErrorAlert';
import { InsightsPage } from '../../../ui/insights/InsightsPage';
import { useRepository, WithResolvedRef } from '../../../ui/repository/RepositoryContext';
import type { ResolvedRef } from '../../../api/types';
import { pageRef, readAtRef } from './-page-ref';

/** Children the treemap shows; the rest share one cell. */
const TREEMAP_CELLS = 200;

export const Route = createFileRoute('/repositories/$repoId/insights')({
  validateSearch: prefixSearch,
  loaderDeps: ({ search }) => ({ ref: search.ref, prefix: search.prefix ?? '' }),
  loader: async ({ params, deps, parentMatchPromise, abortController }) => {
    const ref = await pageRef(deps.ref, parentMatchPromise);
    return readAtRef(() => getUsage(params.repoId, ref, { prefix: deps.prefix, amount: TREEMAP_CELLS }, abortController.signal), parentMatchPromise);
  },
  component: InsightsRoute,
  errorComponent: RouteErrorAlert,
});

function InsightsRoute() {
  const usage = Route.useLoaderData();
  return <WithResolvedRef>{(ref) => (usage ? <InsightsScreen resolved={ref} usage={usage} /> : null)}</WithResolvedRef>;
}

function InsightsScreen({ resolved, usage }: { resolved: ResolvedRef; usage: PrefixUsage }) {
  const { repo } = useRepository();
  const screen = useScreen(liveInsightsPageMachine, { repoId: repo.id, ref: resolved.id, refKind: resolved.kind, prefix: usage.prefix, usage });
  return <InsightsPage screen={screen} />;
}
