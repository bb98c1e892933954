// A repository's live stream: its contract mounted with its handler.
import type { Catalog } from '../../../catalog';
import type { RepositoryEvents } from '../../../events';
import { createRouter, type Router } from '../../router';
import { eventHandlers } from './handlers';
import * as routes from './routes';

export function eventRouter(catalog: Catalog, events: RepositoryEvents): Router {
  const handle = eventHandlers(catalog, events);
  const router = createRouter();
  router.openapi(routes.streamEvents, handle.streamEvents);
  return router;
}
