// Committed tree files over the catalog: where they are, and their bytes.
import type { Catalog } from '../../../catalog';
import type { AppRouteHandler } from '../../router';
import type * as routes from './routes';

export function treeFileHandlers(catalog: Catalog) {
  const getMetaRange: AppRouteHandler<typeof routes.getMetaRange> = async (c) => {
    const { repository, meta_range: id } = c.req.valid('param');
    const location = await catalog.store.treeFileAddress(repository, 'metarange', id);
    return c.json({ location }, 200, { Location: location });
  };

  const getRange: AppRouteHandler<typeof routes.getRange> = async (c) => {
    const { repository, range: id } = c.req.valid('param');
    const location = await catalog.store.treeFileAddress(repository, 'range', id);
    return c.json({ location }, 200, { Location: location });
  };

  const getMetadataObject: AppRouteHandler<typeof routes.getMetadataObject> = async (c) => {
    const { repository, type, object_id: id } = c.req.valid('param');
    const bytes = await catalog.store.readTreeFile(repository, type === 'range' ? 'range' : 'metarange', id);
    // Buffers read from files are backed by a plain ArrayBuffer, as BodyInit wants.
    return new Response(bytes as Uint8Array<ArrayBuffer>, {
      status: 200,
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(bytes.length) },
    });
  };

  return { getMetaRange, getRange, getMetadataObject };
}
