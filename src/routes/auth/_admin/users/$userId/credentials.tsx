import { createFileRoute } from '@tanstack/react-router';
import { listCredentials } from '../../../../../api/access-control';
import { PAGE_SIZE } from '../../../../../lib/page-sizes';
import { cursorSearch } from '../../../../../lib/search-schemas';
import { useSessionSelector } from '../../../../../lib/use-session';
import { UserCredentials } from '../../../-credentials';

export const Route = createFileRoute('/auth/_admin/users/$userId/credentials')({
  validateSearch: cursorSearch,
  loaderDeps: ({ search }) => ({ after: search.after }),
  loader: ({ params, deps, abortController }) => listCredentials(params.userId, { after: deps.after, amount: PAGE_SIZE }, abortController.signal),
  component: UserCredentialsRoute,
});

function UserCredentialsRoute() {
  const { userId } = Route.useParams();
  const navigate = Route.useNavigate();
  const me = useSessionSelector((s) => s.context.user);
  return (
    <UserCredentials
      key={userId}
      userId={userId}
      // The key in use is the signed-in user's: it matters only on the user's own page.
      currentAccessKeyId={me?.id === userId ? me.accessKeyId : undefined}
      firstPage={Route.useLoaderData()}
      after={Route.useSearch().after}
      onBackToStart={() => void navigate({ search: {} })}
    />
  );
}
