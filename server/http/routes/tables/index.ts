// A ref's tables: their contracts mounted with their handlers.
import type { Catalog } from '../../../catalog';
import { createRouter, type Router } from '../../router';
import { tableHandlers } from './handlers';
import * as routes from './routes';

export function tableRouter(catalog: Catalog): Router {
  const handle = tableHandlers(catalog);
  const router = createRouter();
  router.openapi(routes.listTables, handle.listTables);
  router.openapi(routes.describeTable, handle.describeTable);
  return router;
}
