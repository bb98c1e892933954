// Repositories: their contracts mounted with their handlers.
import type { Catalog } from '../../../catalog';
import { createRouter, type Router } from '../../router';
import { repositoryHandlers } from './handlers';
import * as routes from './routes';

export function repositoryRouter(catalog: Catalog): Router {
  const handle = repositoryHandlers(catalog);
  const router = createRouter();
  router.openapi(routes.listRepositories, handle.listRepositories);
  router.openapi(routes.createRepository, handle.createRepository);
  router.openapi(routes.getRepository, handle.getRepository);
  router.openapi(routes.deleteRepository, handle.deleteRepository);
  return router;
}
