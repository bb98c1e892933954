// The usage report: its contract mounted with its handler.
import type { UsageCounter } from '../../../usage';
import { createRouter, type Router } from '../../router';
import { usageHandlers } from './handlers';
import * as routes from './routes';

export function usageRouter(usage: UsageCounter): Router {
  const handle = usageHandlers(usage);
  const router = createRouter();
  router.openapi(routes.getUsageReportSummary, handle.getUsageReportSummary);
  return router;
}
