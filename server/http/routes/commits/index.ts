// Commits: their contracts mounted with their handlers.
import type { Catalog } from '../../../catalog';
import { createRouter, type Router } from '../../router';
import { commitHandlers } from './handlers';
import * as routes from './routes';

export function commitRouter(catalog: Catalog): Router {
  const handle = commitHandlers(catalog);
  const router = createRouter();
  router.openapi(routes.commitBranch, handle.commitBranch);
  router.openapi(routes.logCommits, handle.logCommits);
  router.openapi(routes.commitGraph, handle.commitGraph);
  router.openapi(routes.getCommit, handle.getCommit);
  router.openapi(routes.createCommitRecord, handle.createCommitRecord);
  return router;
}
