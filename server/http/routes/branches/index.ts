// Branches: their contracts mounted with their handlers.
import type { Catalog } from '../../../catalog';
import { createRouter, type Router } from '../../router';
import { branchHandlers } from './handlers';
import * as routes from './routes';

export function branchRouter(catalog: Catalog): Router {
  const handle = branchHandlers(catalog);
  const router = createRouter();
  router.openapi(routes.listBranches, handle.listBranches);
  router.openapi(routes.listBranchSummaries, handle.listBranchSummaries);
  router.openapi(routes.createBranch, handle.createBranch);
  router.openapi(routes.getBranch, handle.getBranch);
  router.openapi(routes.deleteBranch, handle.deleteBranch);
  router.openapi(routes.resetBranch, handle.resetBranch);
  router.openapi(routes.hardResetBranch, handle.hardResetBranch);
  router.openapi(routes.revertBranch, handle.revertBranch);
  router.openapi(routes.cherryPick, handle.cherryPick);
  return router;
}
