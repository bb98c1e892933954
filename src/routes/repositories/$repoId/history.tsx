import { createFileRoute } from '@tanstack/react-router';
import type { Page, Repository, ResolvedRef } from '../../../api/types';
import { historySearch } from '../../../lib/search-schemas';
import { useScreen } from '../../../lib/use-screen';
import { fetchVersions, HISTORY_PAGE_SIZE, livePathHistoryMachine, type PathVersion } from '../../../machines/path-history';
import { RouteErrorAlert } from '../../../ui/components/RouteErrorAlert';
import { HistoryPage, NoHistoryPath } from '../../../ui/history/HistoryPage';
import { useBranchProtection, useRepository, WithResolvedRef } from '../../../ui/repository/RepositoryContext';
import { pageRef, readAtRef } from './-page-ref';

export const Route = createFileRoute('/repositories/$repoId/history')({
  validateSearch: historySearch,
  loaderDeps: ({ search }) => ({ ref: search.ref, path: search.path }),
  loader: async ({ params, deps, parentMatchPromise, abortController }): Promise<Page<PathVersion> | undefined> => {
    if (!deps.path) return undefined;
    const path = deps.path;
    const ref = await pageRef(deps.ref, parentMatchPromise);
    return readAtRef(
      () => fetchVersions({ repoId: params.repoId, ref, path }, { amount: HISTORY_PAGE_SIZE }, abortController.signal),
      parentMatchPromise,
    );
  },
  component: HistoryRoute,
  errorComponent: RouteErrorAlert,
});

function HistoryRoute() {
  const { repo } = useRepository();
  const { path } = Route.useSearch();
  const firstPage = Route.useLoaderData();
  if (!path) return <NoHistoryPath repoId={repo.id} />;
  return (
    <WithResolvedRef>
      {(resolvedRef) => firstPage && <HistoryScreen repo={repo} resolvedRef={resolvedRef} path={path} firstPage={firstPage} />}
    </WithResolvedRef>
  );
}

interface HistoryScreenProps {
  repo: Repository;
  resolvedRef: ResolvedRef;
  path: string;
  firstPage: Page<PathVersion>;
}

function HistoryScreen({ repo, resolvedRef, path, firstPage }: HistoryScreenProps) {
  const protection = useBranchProtection();
  const screen = useScreen(livePathHistoryMachine, {
    repoId: repo.id,
    refId: resolvedRef.id,
    refKind: resolvedRef.kind,
    path,
    defaultBranch: repo.default_branch,
    readOnly: repo.read_only === true,
    protection,
    firstPage,
  });
  return <HistoryPage screen={screen} repo={repo} resolvedRef={resolvedRef} />;
}
