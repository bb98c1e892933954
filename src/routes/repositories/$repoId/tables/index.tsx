import { useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { listTables } from '../../../../api/tables';
import { PAGE_SIZE } from '../../../../lib/page-sizes';
import { tablesSearch } from '../../../../lib/search-schemas';
import { useScreen } from '../../../../lib/use-screen';
import { liveTableList } from '../../../../machines/tables';
import { RouteErrorAlert } from '../../../../ui/components/RouteErrorAlert';
import { TablesPage } from '../../../../ui/tables/TablesPage';
import { pageRef } from '../-page-ref';

export const Route = createFileRoute('/repositories/$repoId/tables/')({
  validateSearch: tablesSearch,
  loaderDeps: ({ search }) => ({ ref: search.ref, after: search.after }),
  loader: async ({ params, deps, parentMatchPromise, abortController }) => {
    const ref = await pageRef(deps.ref, parentMatchPromise);
    return { ref, firstPage: await listTables(params.repoId, ref, { after: deps.after, amount: PAGE_SIZE }, abortController.signal) };
  },
  component: TablesRoute,
  errorComponent: RouteErrorAlert,
});

function TablesRoute() {
  const { repoId } = Route.useParams();
  const { ref, firstPage } = Route.useLoaderData();
  const { after } = Route.useSearch();
  const navigate = Route.useNavigate();
  const source = useMemo(() => ({ repoId, ref }), [repoId, ref]);
  const tables = useScreen(liveTableList, { source, firstPage, startAfter: after });
  return (
    <TablesPage
      tables={tables}
      repoId={repoId}
      refName={ref}
      after={after}
      onBackToStart={() => void navigate({ search: (prev) => ({ ...prev, after: undefined }) })}
    />
  );
}
