// Committed tree files (locations and bytes): their contracts mounted with their handlers.
import type { Catalog } from '../../../catalog';
import { createRouter, type Router } from '../../router';
import { treeFileHandlers } from './handlers';
import * as routes from './routes';

export function treeFileRouter(catalog: Catalog): Router {
  const handle = treeFileHandlers(catalog);
  const router = createRouter();
  router.openapi(routes.getMetaRange, handle.getMetaRange);
  router.openapi(routes.getRange, handle.getRange);
  router.openapi(routes.getMetadataObject, handle.getMetadataObject);
  return router;
}
