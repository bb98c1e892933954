// Objects: their contracts mounted with their handlers.
import type { Catalog } from '../../../catalog';
import { createRouter, type Router } from '../../router';
export { objectDirectRoutes } from './direct';
import { objectHandlers } from './handlers';
import * as routes from './routes';

export function objectRouter(catalog: Catalog): Router {
  const handle = objectHandlers(catalog);
  const router = createRouter();
  router.openapi(routes.listObjects, handle.listObjects);
  router.openapi(routes.findObjects, handle.findObjects);
  router.openapi(routes.getObject, handle.getObject);
  router.openAPIRegistry.registerPath(routes.headObject);
  router.openapi(routes.statObject, handle.statObject);
  router.openapi(routes.uploadObject, handle.uploadObject);
  router.openapi(routes.deleteObject, handle.deleteObject);
  router.openapi(routes.deleteObjects, handle.deleteObjects);
  router.openapi(routes.stageAllowed, handle.stageAllowed);
  router.openapi(routes.copyObject, handle.copyObject);
  router.openapi(routes.updateObjectUserMetadata, handle.updateObjectUserMetadata);
  router.openapi(routes.stageObject, handle.stageObject);
  router.openapi(routes.getUnderlyingProperties, handle.getUnderlyingProperties);
  router.openapi(routes.createSymlinkFile, handle.createSymlinkFile);
  return router;
}
