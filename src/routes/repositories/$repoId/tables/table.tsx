import { createFileRoute } from '@tanstack/react-router';
import { NotFoundError } from '../../../../api/errors';
import { describeTable } from '../../../../api/tables';
import { tableSearch } from '../../../../lib/search-schemas';
import { useScreen } from '../../../../lib/use-screen';
import { liveTablePageMachine } from '../../../../machines/table-page';
import { RouteErrorAlert } from '../../../../ui/components/RouteErrorAlert';
import { TablePage } from '../../../../ui/tables/TablePage';
import { pageRef } from '../-page-ref';

export const Route = createFileRoute('/repositories/$repoId/tables/table')({
  validateSearch: tableSearch,
  loaderDeps: ({ search }) => ({ ref: search.ref, path: search.path, compare: search.compare }),
  loader: async ({ params, deps, parentMatchPromise, abortController }) => {
    const { signal } = abortController;
    const ref = await pageRef(deps.ref, parentMatchPromise);
    const path = deps.path ?? '';
    const [detail, compared] = await Promise.all([
      describeTable(params.repoId, ref, path, signal),
      // On the compared ref the table may not exist yet: then every file and row of this one is new.
      deps.compare === undefined
        ? undefined
        : describeTable(params.repoId, deps.compare, path, signal).catch((error: unknown) => {
            if (error instanceof NotFoundError && error.message.endsWith('table not found')) return null;
            throw error;
          }),
    ]);
    return { ref, path, detail, compared };
  },
  component: TableRoute,
  errorComponent: RouteErrorAlert,
});

function TableRoute() {
  const { repoId } = Route.useParams();
  const { ref, path, detail, compared } = Route.useLoaderData();
  const { sql, compare } = Route.useSearch();
  const page = useScreen(liveTablePageMachine, { repoId, ref, path, detail, compare, compared });
  return <TablePage page={page} sql={sql} />;
}
