// Diffs and merges: their contracts mounted with their handlers.
import type { Catalog } from '../../../catalog';
import { createRouter, type Router } from '../../router';
import { diffMergeHandlers } from './handlers';
import * as routes from './routes';

export function diffMergeRouter(catalog: Catalog): Router {
  const handle = diffMergeHandlers(catalog);
  const router = createRouter();
  router.openapi(routes.diffBranch, handle.diffBranch);
  router.openapi(routes.diffRefs, handle.diffRefs);
  router.openapi(routes.mergeRefs, handle.mergeRefs);
  router.openapi(routes.findMergeBase, handle.findMergeBase);
  router.openapi(routes.previewMerge, handle.previewMerge);
  return router;
}
