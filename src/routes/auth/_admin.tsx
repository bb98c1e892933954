import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AdminLayout } from '../../ui/auth/AdminLayout';

// Access control's pages share the side menu; login and activation, also under /auth, are outside this layout.
export const Route = createFileRoute('/auth/_admin')({
  component: () => (
    <AdminLayout>
      <Outlet />
    </AdminLayout>
  ),
});
