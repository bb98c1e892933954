// The lakeFS Enterprise calls Tarn does not offer, each answering lakeFS's 501.
import { NotImplementedError } from '../../../errors';
import { createRouter, type Router } from '../../router';
import * as routes from './routes';

const notImplemented = (): never => {
  throw new NotImplementedError();
};

export function enterpriseRouter(): Router {
  const router = createRouter();
  for (const route of [routes.commitAsync, routes.commitAsyncStatus, routes.mergeIntoBranchAsync, routes.mergeIntoBranchAsyncStatus, routes.getLicense]) {
    router.openapi(route, notImplemented);
  }
  return router;
}
