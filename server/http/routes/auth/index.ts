// Login and the current user: their contracts mounted with their handlers.
import type { AuthService } from '../../../auth';
import { createRouter, type Router } from '../../router';
import { authHandlers } from './handlers';
import * as routes from './routes';

export function authRouter(auth: AuthService): Router {
  const handle = authHandlers(auth);
  const router = createRouter();
  router.openapi(routes.getCapabilities, handle.getCapabilities);
  router.openapi(routes.login, handle.login);
  router.openapi(routes.getCurrentUser, handle.getCurrentUser);
  return router;
}
