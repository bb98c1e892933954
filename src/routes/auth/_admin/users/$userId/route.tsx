import { createFileRoute, Outlet } from '@tanstack/react-router';
import { useSimplifiedMode } from '../../../../../lib/use-session';
import { EntityLayout } from '../../../../../ui/auth/EntityLayout';

export const Route = createFileRoute('/auth/_admin/users/$userId')({
  component: UserRoute,
});

/** A user's pages: Users > user, and the tabs (the policy tabs hidden in simplified mode, docs/behaviour.md, Access control). */
function UserRoute() {
  const { userId } = Route.useParams();
  const simplified = useSimplifiedMode();
  const base = `/auth/users/${encodeURIComponent(userId)}`;
  const tabs = [
    { label: 'Group Memberships', href: `${base}/groups` },
    ...(simplified
      ? []
      : [
          { label: 'Directly Attached Policies', href: `${base}/policies` },
          { label: 'Effective Attached Policies', href: `${base}/policies/effective` },
        ]),
    { label: 'Access Credentials', href: `${base}/credentials` },
  ];
  return (
    <EntityLayout parent={{ label: 'Users', href: '/auth/users' }} id={userId} tabs={tabs}>
      <Outlet />
    </EntityLayout>
  );
}
