// The object calls answered without the app (direct-routes.ts): a stat; a GET of a whole small object with no Range
// or If-None-Match header and no presigning; a raw upload of a small body declared by its Content-Length, without
// conditions or user metadata. Every other call is the app's (handlers.ts), as is any failure before a body is read.
import type { Catalog } from '../../../catalog';
import { directRoute, type DirectRoute } from '../../direct-routes';
import { objectStats, smallObjectBytes } from './handlers';
import { objectStatsJson } from '../../serialize';
import { metaHeaderPrefix, objectHeaders } from './headers';
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
  const upload = directRoute(routes.uploadObject, async ({ params, query, incoming, body }) => {
    const { headers } = incoming;
    const declared = Number(headers['content-length'] ?? Number.NaN);
    const contentType = headers['content-type'] ?? '';
    if (!(declared <= smallObjectBytes) || /^multipart\/form-data/i.test(contentType)) return undefined;
    if (headers['if-none-match'] !== undefined || headers['if-match'] !== undefined) return undefined;
    for (const name in headers) if (name.startsWith(metaHeaderPrefix)) return undefined;
    const stored = await catalog.upload(params.repository, params.branch, query.path, await body(), {
      metadata: {},
      force: query.force ?? false,
      contentType: contentType.trim() === '' ? 'application/octet-stream' : contentType,
    });
    return { status: 201, json: objectStatsJson(query.path, stored.entry, stored.physicalAddress, true) };
  });
  return [stat, read, upload];
}
