// The object reads answered without the app (direct-routes.ts): a stat, and a GET of a whole small object with no
// Range or If-None-Match header and no presigning. Every other read is the app's (handlers.ts), as is any failure.
import type { Catalog } from '../../../catalog';
import { directRoute, type DirectRoute } from '../../direct-routes';
import { objectStats, smallObjectBytes } from './handlers';
import { objectHeaders } from './headers';
import * as routes from './routes';

export function objectDirectRoutes(catalog: Catalog): DirectRoute[] {
  const stat = directRoute(routes.statObject, async ({ params, query }) => ({ status: 200, json: await objectStats(catalog, params, query) }));
  const read = directRoute(routes.getObject, async ({ params, query, incoming }) => {
    if (query.presign === true || incoming.headers.range !== undefined || incoming.headers['if-none-match'] !== undefined) return undefined;
    const object = await catalog.getObject(params.repository, params.ref, query.path);
    const { size } = object.entry;
    if (size === 0 || size > smallObjectBytes) return undefined;
    const headers = { ...objectHeaders(object.entry, query.path), 'content-length': String(size) };
    return { status: 200, headers, bytes: await object.bytes(undefined) };
  });
  return [stat, read];
}
