// The audit log's listing: its contract mounted with its handler.
import type { AuditLog } from '../../../audit';
import { createRouter, type Router } from '../../router';
import { auditHandlers } from './handlers';
import * as routes from './routes';

export function auditRouter(log: AuditLog): Router {
  const handle = auditHandlers(log);
  const router = createRouter();
  router.openapi(routes.listAuditLog, handle.listAuditLog);
  return router;
}
