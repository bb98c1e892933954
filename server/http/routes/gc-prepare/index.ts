// Garbage-collection preparation: its contracts mounted with their handlers.
import type { Catalog } from '../../../catalog';
import { createRouter, type Router } from '../../router';
import { gcPrepareHandlers } from './handlers';
import * as routes from './routes';

export function gcPrepareRouter(catalog: Catalog): Router {
  const handle = gcPrepareHandlers(catalog);
  const router = createRouter();
  router.openapi(routes.prepareGarbageCollectionCommits, handle.prepareGarbageCollectionCommits);
  router.openapi(routes.prepareGarbageCollectionCommitsAsync, handle.prepareGarbageCollectionCommitsAsync);
  router.openapi(routes.prepareGarbageCollectionCommitsStatus, handle.prepareGarbageCollectionCommitsStatus);
  router.openapi(routes.prepareGarbageCollectionUncommitted, handle.prepareGarbageCollectionUncommitted);
  return router;
}
