// Refs dump and restore: their contracts mounted with their handlers.
import type { Catalog } from '../../../catalog';
import { createRouter, type Router } from '../../router';
import { refsDumpHandlers } from './handlers';
import * as routes from './routes';

export function refsDumpRouter(catalog: Catalog): Router {
  const handle = refsDumpHandlers(catalog);
  const router = createRouter();
  router.openapi(routes.dumpRefs, handle.dumpRefs);
  router.openapi(routes.restoreRefs, handle.restoreRefs);
  router.openapi(routes.dumpSubmit, handle.dumpSubmit);
  router.openapi(routes.dumpStatus, handle.dumpStatus);
  router.openapi(routes.restoreSubmit, handle.restoreSubmit);
  router.openapi(routes.restoreStatus, handle.restoreStatus);
  return router;
}
