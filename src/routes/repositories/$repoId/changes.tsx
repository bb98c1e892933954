import { Stack, Text } from '@chakra-ui/react';
import { createFileRoute } from '@tanstack/react-router';
import { listDiff, listDiffLevel } from '../../../api/diff';
import type { Diff, Page, Repository } from '../../../api/types';
import { PAGE_SIZE } from '../../../lib/page-sizes';
import { prefixSearch } from '../../../lib/search-schemas';
import { useScreen } from '../../../lib/use-screen';
import { liveChangesMachine } from '../../../machines/changes';
import { ChangesPage } from '../../../ui/changes/ChangesPage';
import { RouteErrorAlert } from '../../../ui/components/RouteErrorAlert';
import { RefSelector } from '../../../ui/refs';
import { useLive } from '../../../ui/repository/LiveContext';
import { useProtectedBranch, useRepository, WithResolvedRef } from '../../../ui/repository/RepositoryContext';
import { pageRef, readAtRef } from './-page-ref';

interface BranchChanges {
  branch: string;
  /** The changes directly under the prefix. */
  firstPage: Page<Diff>;
  /** Whether the branch has any change at all (Commit and Revert need one). */
  hasChanges: boolean;
}

/** The branch's first page of changes under `prefix`, and whether it has changes at all, read side by side. */
async function loadChanges(repoId: string, branch: string, prefix: string, signal: AbortSignal): Promise<BranchChanges> {
  const source = { repoId, branch };
  const [firstPage, anyChange] = await Promise.all([
    listDiffLevel(source, { prefix, amount: PAGE_SIZE }, signal),
    // At the root the first page already says whether there is any change.
    prefix === '' ? undefined : listDiff(source, { amount: 1 }, signal).catch(() => undefined),
  ]);
  // An unknown answer counts as no changes: Commit and Revert stay disabled.
  const hasChanges = prefix === '' ? firstPage.results.length > 0 : (anyChange?.results.length ?? 0) > 0;
  return { branch, firstPage, hasChanges };
}

export const Route = createFileRoute('/repositories/$repoId/changes')({
  validateSearch: prefixSearch,
  loaderDeps: ({ search }) => ({ ref: search.ref, prefix: search.prefix ?? '' }),
  loader: async ({ params, deps, parentMatchPromise, abortController }) => {
    const branch = await pageRef(deps.ref, parentMatchPromise);
    // Only a branch has uncommitted changes; for another ref the page offers to pick one.
    return readAtRef(() => loadChanges(params.repoId, branch, deps.prefix, abortController.signal), parentMatchPromise, ['branch']);
  },
  component: ChangesRoute,
  errorComponent: RouteErrorAlert,
});

function ChangesRoute() {
  const { repo } = useRepository();
  const changes = Route.useLoaderData();
  const { prefix = '' } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <WithResolvedRef>
      {(ref) =>
        ref.kind !== 'branch' || !changes ? (
          <Stack gap="3" align="start">
            <Text color="fg.muted">
              Uncommitted changes exist only on branches; {ref.id} is a {ref.kind}. Pick a branch:
            </Text>
            <RefSelector
              repoId={repo.id}
              selected={{ id: ref.id, kind: ref.kind }}
              branchesOnly
              defaultBranch={repo.default_branch}
              onSelect={(branch) => void navigate({ search: { ref: branch.id } })}
            />
          </Stack>
        ) : (
          <ChangesScreen
            repo={repo}
            changes={changes}
            prefix={prefix}
            onNavigate={(next) => void navigate({ search: (s) => ({ ...s, prefix: next || undefined }) })}
            onSelectBranch={(branch) => void navigate({ search: { ref: branch } })}
          />
        )
      }
    </WithResolvedRef>
  );
}

interface ChangesScreenProps {
  repo: Repository;
  changes: BranchChanges;
  prefix: string;
  onNavigate: (prefix: string) => void;
  onSelectBranch: (branch: string) => void;
}

function ChangesScreen({ repo, changes, prefix, onNavigate, onSelectBranch }: ChangesScreenProps) {
  const { branch, firstPage, hasChanges } = changes;
  // Each load (another branch or prefix, a commit, a revert, a refresh) is the screen's to take.
  const protectedBranch = useProtectedBranch(branch);
  const live = useLive();
  const screen = useScreen(liveChangesMachine, {
    live,
    repoId: repo.id,
    branch,
    readOnly: repo.read_only === true,
    protectedBranch,
    hasChanges,
    prefix,
    firstPage,
  });
  return (
    <ChangesPage
      screen={screen}
      repo={repo}
      branch={branch}
      prefix={prefix}
      onNavigate={onNavigate}
      onSelectBranch={onSelectBranch}
    />
  );
}
