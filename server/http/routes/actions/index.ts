// Action runs: their contracts mounted with their handlers.
import type { Actions } from '../../../actions';
import type { Catalog } from '../../../catalog';
import { createRouter, type Router } from '../../router';
import { actionHandlers } from './handlers';
import * as routes from './routes';

export function actionRouter(catalog: Catalog, actions: Actions): Router {
  const handle = actionHandlers(catalog, actions);
  const router = createRouter();
  router.openapi(routes.listRuns, handle.listRuns);
  router.openapi(routes.getRun, handle.getRun);
  router.openapi(routes.listRunHooks, handle.listRunHooks);
  router.openapi(routes.getRunHookOutput, handle.getRunHookOutput);
  return router;
}
