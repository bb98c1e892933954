import { createFileRoute, redirect } from '@tanstack/react-router';

// A user opens on Group Memberships.
export const Route = createFileRoute('/auth/_admin/users/$userId/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/auth/users/$userId/groups', params, replace: true });
  },
});
