// First-run setup: its contracts mounted with their handlers.
import type { AuthService } from '../../../auth/service';
import { createRouter, type Router } from '../../router';
import { setupHandlers } from './handlers';
import * as routes from './routes';

export function setupRouter(auth: AuthService): Router {
  const handle = setupHandlers(auth);
  const router = createRouter();
  router.openapi(routes.getSetupState, handle.getSetupState);
  router.openapi(routes.setup, handle.setup);
  router.openapi(routes.setupCommPrefs, handle.setupCommPrefs);
  return router;
}
