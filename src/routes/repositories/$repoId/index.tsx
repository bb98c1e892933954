import { createFileRoute, redirect } from '@tanstack/react-router';

// A repository opens on its objects, at the same ref.
export const Route = createFileRoute('/repositories/$repoId/')({
  beforeLoad: ({ params, search }) => {
    throw redirect({ to: '/repositories/$repoId/objects', params, search: { ref: search.ref }, replace: true });
  },
});
