// The API under /api/v1: each declared route's boundary (boundary.ts), then the routers that validate and handle
// the routes, and the document that publishes them.
import { declaredRoutes, mountBoundaries, type Identify } from './boundary';
import { documentRouter } from './openapi';
import { mountRoutes, type RouteEntry } from './route-table';
import { createRouter, type Router } from './router';

export interface ApiParts {
  routers: Router[];
  /** Routes not yet declared with a contract. */
  legacy: RouteEntry[];
  identify: Identify;
  version: string;
}

export function createApi({ routers, legacy, identify, version }: ApiParts): Router {
  const api = createRouter();
  const all = [...routers, documentRouter(api, version, legacy.map((entry) => entry.spec))];
  mountBoundaries(api, all.flatMap(declaredRoutes), identify);
  for (const router of all) api.route('/', router);
  mountRoutes(api, legacy, identify);
  api.notFound((c) => c.json({ message: `no API call ${c.req.method} ${c.req.path}` }, 404));
  return api;
}
