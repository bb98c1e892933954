// Pull requests: their contracts mounted with their handlers.
import type { Catalog } from '../../../catalog';
import { createRouter, type Router } from '../../router';
import { pullRequestHandlers } from './handlers';
import * as routes from './routes';

export function pullRequestRouter(catalog: Catalog): Router {
  const handle = pullRequestHandlers(catalog);
  const router = createRouter();
  router.openapi(routes.listPullRequests, handle.listPullRequests);
  router.openapi(routes.createPullRequest, handle.createPullRequest);
  router.openapi(routes.getPullRequest, handle.getPullRequest);
  router.openapi(routes.updatePullRequest, handle.updatePullRequest);
  router.openapi(routes.mergePullRequest, handle.mergePullRequest);
  return router;
}
