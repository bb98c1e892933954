// lakeFS's external-authenticator calls, each answering 501: Tarn has no external authenticator.
import { NotImplementedError } from '../../../errors';
import { createRouter, type Router } from '../../router';
import * as routes from './routes';

const noExternalAuthenticator = (): never => {
  throw new NotImplementedError('not implemented: Tarn has no external authenticator');
};

export function externalAuthRouter(): Router {
  const router = createRouter();
  for (const route of Object.values(routes)) router.openapi(route, noExternalAuthenticator);
  return router;
}
