import { createFileRoute } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { listRepositories } from '../../api/repositories';
import type { Page, Repository, StorageConfig } from '../../api/types';
import { PAGE_SIZE } from '../../lib/page-sizes';
import { listSearch } from '../../lib/search-schemas';
import { useScreen } from '../../lib/use-screen';
import type { PagedListActorRef } from '../../machines/paged-list';
import { prefixSearchMachine } from '../../machines/prefix-search';
import { liveRepositoriesMachine, liveRepositoryList, type RepositoriesActorRef } from '../../machines/repositories';
import { useSessionSelector } from '../../lib/use-session';
import { RouteErrorAlert } from '../../ui/components/RouteErrorAlert';
import { RepositoriesPage } from '../../ui/repositories/RepositoriesPage';
import { RepositoryTable } from '../../ui/repositories/RepositoryTable';
import { WelcomeCard } from '../../ui/repositories/WelcomeCard';

export const Route = createFileRoute('/repositories/')({
  validateSearch: listSearch,
  loaderDeps: ({ search }) => ({ prefix: search.prefix, after: search.after }),
  loader: ({ deps, abortController }) =>
    listRepositories({ prefix: deps.prefix, after: deps.after, amount: PAGE_SIZE }, abortController.signal),
  component: RepositoriesRoute,
  errorComponent: RouteErrorAlert,
});

function RepositoriesRoute() {
  const { prefix, after } = Route.useSearch();
  const firstPage = Route.useLoaderData();
  const storage = useSessionSelector((s) => s.context.config?.storage_config);
  const navigate = Route.useNavigate();
  const screen = useScreen(liveRepositoriesMachine, undefined);
  // Each load (a new prefix or cursor, or an invalidation) starts the listing over from its first page.
  const list = useScreen(liveRepositoryList, { firstPage, prefix, startAfter: after });
  const search = useScreen(prefixSearchMachine, { prefix });
  return (
    <RepositoriesPage
      screen={screen}
      storage={storage}
      after={after}
      search={search}
      onBackToStart={() => void navigate({ search: { prefix } })}
    >
      <RepositoryListing
        screen={screen}
        list={list}
        storage={storage}
        firstPage={firstPage}
        prefix={prefix}
        after={after}
      />
    </RepositoriesPage>
  );
}

interface RepositoryListingProps {
  screen: RepositoriesActorRef;
  list: PagedListActorRef<Repository>;
  storage: StorageConfig | undefined;
  firstPage: Page<Repository>;
  prefix: string | undefined;
  after: string | undefined;
}

/** The loaded listing as a paged list, or, for a user with no repositories at all, the welcome card. */
function RepositoryListing({ screen, list, storage, firstPage, prefix, after }: RepositoryListingProps) {
  const sample = useSelector(screen, (s) => s.children.sample);
  if (!prefix && !after && firstPage.results.length === 0 && sample) {
    return <WelcomeCard sample={sample} storage={storage} onCreateEmpty={() => screen.send({ type: 'create.open', storage })} />;
  }
  return <RepositoryTable list={list} />;
}
