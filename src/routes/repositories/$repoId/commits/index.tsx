import { createFileRoute } from '@tanstack/react-router';
import { optionalString } from '../../../../ui/components/searchParams';
import { CommitsPage } from '../../../../ui/commits/CommitsPage';
import { useRepository, WithResolvedRef } from '../../../../ui/repository/RepositoryContext';

interface CommitsSearch {
  after?: string;
}

export const Route = createFileRoute('/repositories/$repoId/commits/')({
  validateSearch: (search: Record<string, unknown>): CommitsSearch => ({ after: optionalString(search.after) }),
  component: CommitsRoute,
});

function CommitsRoute() {
  const { repo } = useRepository();
  const { after, ref } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <WithResolvedRef>
      {(resolvedRef) => (
        <CommitsPage
          repo={repo}
          resolvedRef={resolvedRef}
          after={after}
          onSelectRef={(next) => void navigate({ search: { ref: next } })}
          onBackToStart={() => void navigate({ search: { ref } })}
        />
      )}
    </WithResolvedRef>
  );
}
