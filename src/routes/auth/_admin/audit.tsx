import { useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { listAuditLog } from '../../../api/audit';
import { PAGE_SIZE } from '../../../lib/page-sizes';
import { auditSearch } from '../../../lib/search-schemas';
import { useScreen } from '../../../lib/use-screen';
import { givenFilters, liveAuditList, liveAuditLogMachine } from '../../../machines/audit-log';
import { AuditLogPage } from '../../../ui/auth/AuditLogPage';

// Administration → Audit log. The URL owns the filters; the loader reads their first page, from which the list starts
// (a refusal for want of auth:ReadAuditLog is the layout's error alert, which says what is missing).
export const Route = createFileRoute('/auth/_admin/audit')({
  validateSearch: auditSearch,
  loaderDeps: ({ search }) => ({
    user: search.user,
    action: search.action,
    repository: search.repository,
    from: search.from,
    to: search.to,
  }),
  loader: ({ deps, abortController }) => listAuditLog({ ...givenFilters(deps), amount: PAGE_SIZE }, abortController.signal),
  component: AuditRoute,
});

function AuditRoute() {
  const firstPage = Route.useLoaderData();
  const { user, action, repository, from, to } = Route.useSearch();
  // One object per set of filters: the list and the screen hear of new filters only when they moved.
  const filters = useMemo(() => ({ user, action, repository, from, to }), [user, action, repository, from, to]);
  const list = useScreen(liveAuditList, { source: filters, firstPage });
  const screen = useScreen(liveAuditLogMachine, { filters });
  return <AuditLogPage screen={screen} list={list} filters={filters} />;
}
