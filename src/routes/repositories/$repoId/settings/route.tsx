import { createFileRoute, Outlet } from '@tanstack/react-router';
import { SettingsLayout } from '../../../../ui/settings/SettingsLayout';

export const Route = createFileRoute('/repositories/$repoId/settings')({
  component: SettingsRoute,
});

function SettingsRoute() {
  const { repoId } = Route.useParams();
  return (
    <SettingsLayout repoId={repoId}>
      <Outlet />
    </SettingsLayout>
  );
}
