// Storage insights over the catalog's store.
import type { Catalog } from '../../../catalog';
import { normaliseAmount } from '../../pagination';
import type { AppRouteHandler } from '../../router';
import { usageJson } from '../../serialize';
import type * as routes from './routes';

export function insightHandlers(catalog: Catalog) {
  const getUsage: AppRouteHandler<typeof routes.getUsage> = async (c) => {
    const { repository, ref } = c.req.valid('param');
    const { prefix, delimiter, amount } = c.req.valid('query');
    const usage = await catalog.store.usage(repository, ref, { prefix: prefix ?? '', delimiter: delimiter ?? '/', amount: normaliseAmount(amount) });
    return c.json(usageJson(usage), 200);
  };
  return { getUsage };
}
