import { createFileRoute } from '@tanstack/react-router';
import { listCredentials } from '../../../api/access-control';
import { PAGE_SIZE } from '../../../lib/page-sizes';
import { cursorSearch } from '../../../lib/search-schemas';
import { useSessionSelector } from '../../../lib/use-session';
import { UserCredentials } from '../-credentials';

export const Route = createFileRoute('/auth/_admin/credentials')({
  validateSearch: cursorSearch,
  loaderDeps: ({ search }) => ({ after: search.after }),
  loader: ({ context, deps, abortController }) =>
    listCredentials(context.session.getSnapshot().context.user?.id ?? '', { after: deps.after, amount: PAGE_SIZE }, abortController.signal),
  component: MyCredentialsRoute,
});

function MyCredentialsRoute() {
  const user = useSessionSelector((s) => s.context.user);
  const firstPage = Route.useLoaderData();
  const { after } = Route.useSearch();
  const navigate = Route.useNavigate();
  if (!user) return null;
  return (
    <UserCredentials
      userId={user.id}
      currentAccessKeyId={user.accessKeyId}
      title="My Credentials"
      firstPage={firstPage}
      after={after}
      onBackToStart={() => void navigate({ search: {} })}
    />
  );
}
