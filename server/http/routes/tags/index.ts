// Tags: their contracts mounted with their handlers.
import type { Catalog } from '../../../catalog';
import { createRouter, type Router } from '../../router';
import { tagHandlers } from './handlers';
import * as routes from './routes';

export function tagRouter(catalog: Catalog): Router {
  const handle = tagHandlers(catalog);
  const router = createRouter();
  router.openapi(routes.listTags, handle.listTags);
  router.openapi(routes.createTag, handle.createTag);
  router.openapi(routes.getTag, handle.getTag);
  router.openapi(routes.deleteTag, handle.deleteTag);
  return router;
}
