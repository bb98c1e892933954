import { createFileRoute, redirect } from '@tanstack/react-router';

// A group opens on its members.
export const Route = createFileRoute('/auth/_admin/groups/$groupId/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/auth/groups/$groupId/members', params, replace: true });
  },
});
