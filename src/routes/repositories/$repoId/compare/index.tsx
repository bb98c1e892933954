import type { ReactNode } from 'react';
import { Stack } from '@chakra-ui/react';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { Repository, ResolvedRef } from '../../../../api/types';
import { loadComparison, type Comparison } from '../../../../loaders/compare';
import { compareSearch } from '../../../../lib/search-schemas';
import { useScreen } from '../../../../lib/use-screen';
import { liveCompareMachine, type CompareView } from '../../../../machines/compare';
import { CompareChanges, CompareToolbar, CompareUnavailable, MergeButton, NothingToCompare } from '../../../../ui/compare/ComparePage';
import { MergeReceipt, MergeStatus } from '../../../../ui/compare/MergeStatus';
import { RouteErrorAlert } from '../../../../ui/components/RouteErrorAlert';
import type { SelectedRef } from '../../../../ui/refs';
import { useRepository, WithResolvedRef } from '../../../../ui/repository/RepositoryContext';
import { pageRef } from '../-page-ref';

export const Route = createFileRoute('/repositories/$repoId/compare/')({
  validateSearch: compareSearch,
  loaderDeps: ({ search }) => ({ ref: search.ref, compare: search.compare, prefix: search.prefix ?? '', view: search.view ?? 'files' }),
  // A base that does not resolve fails the comparison too, but the page then shows the layout's 'ref not found'.
  loader: async ({ params, deps, parentMatchPromise, abortController }) => {
    const base = await pageRef(deps.ref, parentMatchPromise);
    return loadComparison({ repoId: params.repoId, base, compare: deps.compare, prefix: deps.prefix, flat: deps.view === 'files' }, abortController.signal);
  },
  component: CompareRoute,
  errorComponent: RouteErrorAlert,
});

function CompareRoute() {
  const { repo } = useRepository();
  const comparison = Route.useLoaderData();
  const { compare, prefix = '', view = 'files' } = Route.useSearch();
  const navigate = Route.useNavigate();
  const router = useRouter();
  const refresh = () => void router.invalidate();
  return (
    <WithResolvedRef>
      {(base) => {
        // The compared ref as resolved; one that did not resolve is shown by its name (its kind unknown, a branch's
        // icon), so the user can pick another.
        const compared: SelectedRef | null =
          comparison.status === 'ready'
            ? { id: comparison.compareRef.id, kind: comparison.compareRef.kind }
            : compare === undefined
              ? null
              : { id: compare, kind: comparison.status === 'same' ? base.kind : 'branch' };
        const toolbar = (merge?: ReactNode) => (
          <CompareToolbar
            repo={repo}
            base={base}
            compared={compared}
            onSelectBase={(ref) => void navigate({ search: (s) => ({ ...s, ref, prefix: undefined }) })}
            onSelectCompared={(ref) => void navigate({ search: (s) => ({ ...s, compare: ref, prefix: undefined }) })}
            onSwitch={() => void navigate({ search: (s) => ({ ...s, ref: compare, compare: base.id }) })}
            onRefresh={refresh}
            merge={merge}
          />
        );
        // Both refs are branches: the Merge button shows (disabled where a merge cannot start).
        const bothBranches = base.kind === 'branch' && compared?.kind === 'branch' && comparison.status !== 'failed';
        if (comparison.status === 'ready') {
          return (
            <CompareScreen
              repo={repo}
              base={base}
              comparison={comparison}
              prefix={prefix}
              view={view}
              toolbar={toolbar}
              mergeable={bothBranches}
              onNavigate={(next) => void navigate({ search: (s) => ({ ...s, prefix: next || undefined }) })}
              onSelectView={(next) => void navigate({ search: (s) => ({ ...s, view: next === 'tree' ? 'tree' : undefined }) })}
            />
          );
        }
        return (
          <Stack gap="4">
            {toolbar(bothBranches ? <MergeButton merge={undefined} repoId={repo.id} dest={base.id} /> : undefined)}
            {comparison.status === 'same' ? (
              <NothingToCompare />
            ) : (
              <CompareUnavailable error={comparison.status === 'failed' ? comparison.error : undefined} onRetry={refresh} />
            )}
          </Stack>
        );
      }}
    </WithResolvedRef>
  );
}

interface CompareScreenProps {
  repo: Repository;
  base: ResolvedRef;
  comparison: Extract<Comparison, { status: 'ready' }>;
  prefix: string;
  view: CompareView;
  toolbar: (merge?: ReactNode) => ReactNode;
  mergeable: boolean;
  onNavigate: (prefix: string) => void;
  onSelectView: (view: CompareView) => void;
}

function CompareScreen({ repo, base, comparison, prefix, view, toolbar, mergeable, onNavigate, onSelectView }: CompareScreenProps) {
  const compared = comparison.compareRef.id;
  // Other refs, another folder or a new load go to the same screen, which decides what they mean.
  const screen = useScreen(liveCompareMachine, {
    repoId: repo.id,
    base: base.id,
    compare: compared,
    readOnly: repo.read_only === true,
    hasChanges: comparison.hasChanges,
    prefix,
    view,
    firstPage: comparison.firstPage,
  });
  const merge = useSelector(screen, (s) => s.children.merge);
  return (
    <Stack gap="4">
      {toolbar(mergeable ? <MergeButton merge={merge} repoId={repo.id} dest={base.id} /> : undefined)}
      <MergeReceipt screen={screen} repoId={repo.id} />
      {mergeable && merge && <MergeStatus merge={merge} />}
      <CompareChanges screen={screen} repoId={repo.id} base={base.id} compared={compared} prefix={prefix} view={view} onNavigate={onNavigate} onSelectView={onSelectView} />
    </Stack>
  );
}
