import { createFileRoute, Outlet } from '@tanstack/react-router';
import { useSimplifiedMode } from '../../../../../lib/use-session';
import { EntityLayout } from '../../../../../ui/auth/EntityLayout';

export const Route = createFileRoute('/auth/_admin/groups/$groupId')({
  component: GroupRoute,
});

/** A group's pages: Groups > group, Members, and Group Policies outside simplified mode (docs/behaviour.md, Access control). */
function GroupRoute() {
  const { groupId } = Route.useParams();
  const simplified = useSimplifiedMode();
  const base = `/auth/groups/${encodeURIComponent(groupId)}`;
  const tabs = [{ label: 'Members', href: `${base}/members` }, ...(simplified ? [] : [{ label: 'Group Policies', href: `${base}/policies` }])];
  return (
    <EntityLayout parent={{ label: 'Groups', href: '/auth/groups' }} id={groupId} tabs={tabs}>
      <Outlet />
    </EntityLayout>
  );
}
