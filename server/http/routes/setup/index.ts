// First-run setup: its contracts mounted with their handlers.
import type { AuthService, LoginSettings } from '../../../auth';
import { createRouter, type Router } from '../../router';
import { setupHandlers } from './handlers';
import * as routes from './routes';

export function setupRouter(auth: AuthService, settings: LoginSettings): Router {
  const handle = setupHandlers(auth, settings);
  const router = createRouter();
  router.openapi(routes.getSetupState, handle.getSetupState);
  router.openapi(routes.setup, handle.setup);
  router.openapi(routes.setupCommPrefs, handle.setupCommPrefs);
  return router;
}
