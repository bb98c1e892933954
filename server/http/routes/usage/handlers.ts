// The usage report over the counter of API calls.
import type { UsageCounter } from '../../../usage';
import type { AppRouteHandler } from '../../router';
import type * as routes from './routes';

export function usageHandlers(usage: UsageCounter) {
  const getUsageReportSummary: AppRouteHandler<typeof routes.getUsageReportSummary> = async (c) => {
    const { installationId, reports } = await usage.summary();
    return c.json({ installation_id: installationId, reports }, 200);
  };

  return { getUsageReportSummary };
}
