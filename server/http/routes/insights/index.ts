// Storage insights: their contracts mounted with their handlers.
import type { Catalog } from '../../../catalog';
import { createRouter, type Router } from '../../router';
import { insightHandlers } from './handlers';
import * as routes from './routes';

export function insightRouter(catalog: Catalog): Router {
  const handle = insightHandlers(catalog);
  const router = createRouter();
  router.openapi(routes.getUsage, handle.getUsage);
  return router;
}
