// The audit log (Tarn's own call): changes, logins and refused calls, newest first.
import { api, failsAs, query } from './client';
import type { AuditRecord, Page } from './types';

/** What the log is filtered by; times are RFC 3339. */
export interface AuditFilters {
  user?: string | undefined;
  action?: string | undefined;
  repository?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export interface AuditQuery extends AuditFilters {
  after?: string | undefined;
  amount?: number | undefined;
}

/** Said when the caller lacks the permission: the server's message names the action, this says what to do. */
export const AUDIT_REFUSED =
  'You may not read the audit log: it is open to administrators and to users with a policy that allows auth:ReadAuditLog. Ask an administrator for access.';

export function listAuditLog(params: AuditQuery = {}, signal?: AbortSignal): Promise<Page<AuditRecord>> {
  return api
    .get('audit', {
      searchParams: query({ ...params }),
      signal,
      ...failsAs('read the audit log', { 401: AUDIT_REFUSED }),
    })
    .json();
}
