// Installation facts: their contracts mounted with their handlers.
import type { StorageConfig } from '../../../catalog';
import { createRouter, type Router } from '../../router';
import { configHandlers, type VersionInfo } from './handlers';
import * as routes from './routes';

export function configRouter(storage: StorageConfig, version: VersionInfo): Router {
  const handle = configHandlers(storage, version);
  const router = createRouter();
  router.openapi(routes.getConfig, handle.getConfig);
  router.openapi(routes.getVersionConfig, handle.getVersionConfig);
  router.openapi(routes.getStorageConfig, handle.getStorageConfig);
  router.openapi(routes.healthCheck, handle.healthCheck);
  router.openapi(routes.postStatistics, handle.postStatistics);
  return router;
}
