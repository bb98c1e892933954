// Imports: their contracts mounted with their handlers.
import type { Catalog } from '../../../catalog';
import { createRouter, type Router } from '../../router';
import { importHandlers } from './handlers';
import * as routes from './routes';

export function importRouter(catalog: Catalog): Router {
  const handle = importHandlers(catalog);
  const router = createRouter();
  router.openapi(routes.importStart, handle.importStart);
  router.openapi(routes.importStatus, handle.importStatus);
  router.openapi(routes.importCancel, handle.importCancel);
  return router;
}
