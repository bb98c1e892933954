// A repository's own metadata: its contracts mounted with their handlers.
import type { Catalog } from '../../../catalog';
import { createRouter, type Router } from '../../router';
import { repositoryMetadataHandlers } from './handlers';
import * as routes from './routes';

export function repositoryMetadataRouter(catalog: Catalog): Router {
  const handle = repositoryMetadataHandlers(catalog);
  const router = createRouter();
  router.openapi(routes.getRepositoryMetadata, handle.getRepositoryMetadata);
  router.openapi(routes.setRepositoryMetadata, handle.setRepositoryMetadata);
  router.openapi(routes.deleteRepositoryMetadata, handle.deleteRepositoryMetadata);
  return router;
}
