import { createFileRoute } from '@tanstack/react-router';
import { useSessionSelector } from '../../machines/session';
import { optionalString } from '../../ui/components/searchParams';
import { RepositoriesPage } from '../../ui/repositories/RepositoriesPage';

interface RepositoriesSearch {
  prefix?: string;
  after?: string;
}

export const Route = createFileRoute('/repositories/')({
  validateSearch: (search: Record<string, unknown>): RepositoriesSearch => ({
    prefix: optionalString(search.prefix),
    after: optionalString(search.after),
  }),
  component: RepositoriesRoute,
});

function RepositoriesRoute() {
  const { prefix, after } = Route.useSearch();
  const navigate = Route.useNavigate();
  const storage = useSessionSelector((s) => s.context.config?.storage_config);
  return (
    <RepositoriesPage
      storage={storage}
      prefix={prefix}
      after={after}
      onSearch={(next) => void navigate({ search: { prefix: next || undefined }, replace: true })}
      onBackToStart={() => void navigate({ search: { prefix } })}
      onCreated={(repository) => void navigate({ to: '/repositories/$repoId', params: { repoId: repository.id } })}
    />
  );
}
