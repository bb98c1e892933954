import { useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { logCommits } from '../../../../api/commits';
import type { Commit, Page, Repository, ResolvedRef } from '../../../../api/types';
import { PAGE_SIZE } from '../../../../lib/constants';
import { cursorSearch } from '../../../../lib/search-schemas';
import { liveCommitLog } from '../../../../machines/commit-log';
import { CommitsPage } from '../../../../ui/commits/CommitsPage';
import { RouteErrorAlert } from '../../../../ui/components/RouteErrorAlert';
import { useRepository, WithResolvedRef } from '../../../../ui/repository/RepositoryContext';
import { pageRef, readAtRef } from '../-page-ref';

export const Route = createFileRoute('/repositories/$repoId/commits/')({
  validateSearch: cursorSearch,
  loaderDeps: ({ search }) => ({ ref: search.ref, after: search.after }),
  loader: async ({ params, deps, parentMatchPromise, abortController }) => {
    const ref = await pageRef(deps.ref, parentMatchPromise);
    return readAtRef(
      () => logCommits(params.repoId, ref, { after: deps.after, amount: PAGE_SIZE }, abortController.signal),
      parentMatchPromise,
    );
  },
  component: CommitsRoute,
  errorComponent: RouteErrorAlert,
});

function CommitsRoute() {
  const { repo } = useRepository();
  const firstPage = Route.useLoaderData();
  // Each load (another ref or cursor, an invalidation) starts the log over with what it read.
  const loadedAt = Route.useMatch({ select: (match) => match.updatedAt });
  const { after, ref } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <WithResolvedRef>
      {(resolvedRef) =>
        firstPage && (
          <CommitLog
            key={loadedAt}
            repo={repo}
            resolvedRef={resolvedRef}
            firstPage={firstPage}
            after={after}
            onSelectRef={(next) => void navigate({ search: { ref: next } })}
            onBackToStart={() => void navigate({ search: { ref } })}
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
}

function CommitLog({ repo, resolvedRef, firstPage, after, onSelectRef, onBackToStart }: CommitLogProps) {
  // Fixed for this load: another ref makes a new log.
  const [logic] = useState(() => liveCommitLog(repo.id, resolvedRef.id));
  const log = useActorRef(logic, { input: { firstPage, startAfter: after } });
  return (
    <CommitsPage
      log={log}
      repo={repo}
      resolvedRef={resolvedRef}
      after={after}
      onSelectRef={onSelectRef}
      onBackToStart={onBackToStart}
    />
  );
}
