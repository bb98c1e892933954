// The API under /api/v1: each declared route's boundary (boundary.ts), then the routers that validate and handle
// the routes, and the document that publishes them.
import { declaredRoutes, mountBoundaries, type AccessGuard, type Identify } from './boundary';
import { documentRouter } from './openapi';
import { createRouter, type Router } from './router';

export interface ApiParts {
  routers: Router[];
  identify: Identify;
  guard: AccessGuard;
  version: string;
}

export function createApi({ routers, identify, guard, version }: ApiParts): Router {
  const api = createRouter();
  const all = [...routers, documentRouter(api, version)];
  mountBoundaries(api, all.flatMap(declaredRoutes), identify, guard);
  for (const router of all) api.route('/', router);
  api.notFound((c) => c.json({ message: `no API call ${c.req.method} ${c.req.path}` }, 404));
  return api;
}
