import { useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { listDiffLevel, type DiffSource } from '../../../../../api/diff';
import type { Commit, Diff, Page } from '../../../../../api/types';
import { PAGE_SIZE } from '../../../../../lib/page-sizes';
import { prefixSearch } from '../../../../../lib/search-schemas';
import { useScreen } from '../../../../../lib/use-screen';
import { liveDiffTreeMachine } from '../../../../../machines/diff-tree';
import { CommitChanges } from '../../../../../ui/commits/CommitChanges';
import { RouteErrorAlert } from '../../../../../ui/components/RouteErrorAlert';

export const Route = createFileRoute('/repositories/$repoId/commits/$commitId/')({
  validateSearch: prefixSearch,
  loaderDeps: ({ search }) => ({ prefix: search.prefix ?? '' }),
  // The first parent is in the commit, so this read follows the commit route's.
  loader: async ({ params, deps, parentMatchPromise, abortController }) => {
    const { loaderData: commit, error } = await parentMatchPromise;
    if (!commit) throw error ?? new Error('could not find commit');
    const parent = commit.parents[0];
    if (parent === undefined) return { commit, parent, firstPage: undefined };
    const source = { repoId: params.repoId, left: parent, right: commit.id };
    const firstPage = await listDiffLevel(source, { prefix: deps.prefix, amount: PAGE_SIZE }, abortController.signal);
    return { commit, parent, firstPage };
  },
  component: CommitChangesRoute,
  errorComponent: RouteErrorAlert,
});

function CommitChangesRoute() {
  const { repoId } = Route.useParams();
  const { commit, parent, firstPage } = Route.useLoaderData();
  const { prefix = '' } = Route.useSearch();
  const navigate = Route.useNavigate();
  const onNavigate = (next: string) => void navigate({ search: (s) => ({ ...s, prefix: next || undefined }) });
  if (parent === undefined || !firstPage) return <CommitChanges commit={commit} tree={undefined} prefix={prefix} onNavigate={onNavigate} />;
  return (
    <CommitTree
      repoId={repoId}
      commit={commit}
      parent={parent}
      firstPage={firstPage}
      prefix={prefix}
      onNavigate={onNavigate}
    />
  );
}

interface CommitTreeProps {
  repoId: string;
  commit: Commit;
  parent: string;
  firstPage: Page<Diff>;
  prefix: string;
  onNavigate: (prefix: string) => void;
}

function CommitTree({ repoId, commit, parent, firstPage, prefix, onNavigate }: CommitTreeProps) {
  // One source object per pair of commits: the tree hears of a new one, or of a new load, as the route changes.
  const source = useMemo<DiffSource>(() => ({ repoId, left: parent, right: commit.id }), [repoId, parent, commit.id]);
  const tree = useScreen(liveDiffTreeMachine, { source, prefix, firstPage });
  return <CommitChanges commit={commit} tree={tree} prefix={prefix} onNavigate={onNavigate} />;
}
