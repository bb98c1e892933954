import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AdminLayout } from '../../ui/auth/AdminLayout';
import { RouteErrorAlert } from '../../ui/components/RouteErrorAlert';

// Access control's pages share the side menu; login and activation, also under /auth, are outside this layout.
// A page that fails to load (a 401 naming the missing permission) shows its error here, beside the same menu: one
// error component for all the pages, as each route's own would add to the entry's route tree.
export const Route = createFileRoute('/auth/_admin')({
  component: () => (
    <AdminLayout>
      <Outlet />
    </AdminLayout>
  ),
  errorComponent: (props) => (
    <AdminLayout>
      <RouteErrorAlert {...props} />
    </AdminLayout>
  ),
});
