import { createFileRoute, redirect } from '@tanstack/react-router';

// The settings open on General.
export const Route = createFileRoute('/repositories/$repoId/settings/')({
  beforeLoad: ({ params, search }) => {
    throw redirect({ to: '/repositories/$repoId/settings/general', params, search: { ref: search.ref }, replace: true });
  },
});
