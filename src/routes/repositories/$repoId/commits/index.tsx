import { useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { logCommits } from '../../../../api/commits';
import type { Commit, Page, Repository, ResolvedRef } from '../../../../api/types';
import { GRAPH_PAGE_SIZE, PAGE_SIZE } from '../../../../lib/page-sizes';
import { commitsSearch, type CommitsView } from '../../../../lib/search-schemas';
import { useScreen } from '../../../../lib/use-screen';
import { loadCommitGraph, type CommitGraphData } from '../../../../loaders/commit-graph';
import { liveCommitGraph } from '../../../../machines/commit-graph';
import { liveCommitLog } from '../../../../machines/commit-log';
import { CommitGraphPage } from '../../../../ui/commits/CommitGraphPage';
import { CommitsPage } from '../../../../ui/commits/CommitsPage';
import { RouteErrorAlert } from '../../../../ui/components/RouteErrorAlert';
import { useRepository, WithResolvedRef } from '../../../../ui/repository/RepositoryContext';
import { pageRef, readAtRef } from '../-page-ref';

type CommitsData = { view: 'list'; firstPage: Page<Commit> | undefined } | ({ view: 'graph' } & CommitGraphData);

export const Route = createFileRoute('/repositories/$repoId/commits/')({
  validateSearch: commitsSearch,
  // The graph shows every branch, whatever the ref, and pages by scrolling: only the list depends on ref and cursor.
  loaderDeps: ({ search }) => (search.view === 'graph' ? { view: search.view } : { ref: search.ref, after: search.after }),
  loader: async ({ params, deps, parentMatchPromise, abortController }): Promise<CommitsData> => {
    if ('view' in deps) return { view: 'graph', ...(await loadCommitGraph(params.repoId, abortController.signal)) };
    const ref = await pageRef(deps.ref, parentMatchPromise);
    const firstPage = await readAtRef(
      () => logCommits(params.repoId, ref, { after: deps.after, amount: PAGE_SIZE }, abortController.signal),
      parentMatchPromise,
    );
    return { view: 'list', firstPage };
  },
  component: CommitsRoute,
  errorComponent: RouteErrorAlert,
});

function CommitsRoute() {
  const { repo } = useRepository();
  const data = Route.useLoaderData();
  const { after, ref } = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSelectView = (view: CommitsView) => void navigate({ search: { ref, ...(view === 'graph' ? { view } : {}) } });
  if (data.view === 'graph') {
    return <CommitGraphView repo={repo} data={data} onSelectView={onSelectView} />;
  }
  const firstPage = data.firstPage;
  return (
    <WithResolvedRef>
      {(resolvedRef) =>
        firstPage && (
          <CommitLog
            repo={repo}
            resolvedRef={resolvedRef}
            firstPage={firstPage}
            after={after}
            onSelectRef={(next) => void navigate({ search: { ref: next } })}
            onBackToStart={() => void navigate({ search: { ref } })}
            onSelectView={onSelectView}
          />
        )
      }
    </WithResolvedRef>
  );
}

interface CommitLogProps {
  repo: Repository;
  resolvedRef: ResolvedRef;
  firstPage: Page<Commit>;
  after: string | undefined;
  onSelectRef: (ref: string) => void;
  onBackToStart: () => void;
  onSelectView: (view: CommitsView) => void;
}

function CommitLog({ repo, resolvedRef, firstPage, after, onSelectRef, onBackToStart, onSelectView }: CommitLogProps) {
  // One object per ref: the log hears of a new source only when the ref moved.
  const source = useMemo(() => ({ repoId: repo.id, ref: resolvedRef.id }), [repo.id, resolvedRef.id]);
  // Each load (another ref or cursor, an invalidation) starts the log over with what it read.
  const log = useScreen(liveCommitLog, { source, firstPage, startAfter: after });
  return (
    <CommitsPage
      log={log}
      repo={repo}
      resolvedRef={resolvedRef}
      after={after}
      onSelectRef={onSelectRef}
      onBackToStart={onBackToStart}
      onSelectView={onSelectView}
    />
  );
}

interface CommitGraphViewProps {
  repo: Repository;
  data: CommitGraphData;
  onSelectView: (view: CommitsView) => void;
}

function CommitGraphView({ repo, data, onSelectView }: CommitGraphViewProps) {
  // Each load (an invalidation) starts the graph over with what it read.
  const graph = useScreen(liveCommitGraph, { source: repo.id, firstPage: data.firstPage, pageSize: GRAPH_PAGE_SIZE });
  return <CommitGraphPage repoId={repo.id} graph={graph} branches={data.branches} tags={data.tags} onSelectView={onSelectView} />;
}
