// Locations of committed tree files over the catalog.
import type { Catalog } from '../../../catalog';
import type { AppRouteHandler } from '../../router';
import type * as routes from './routes';

export function treeFileHandlers(catalog: Catalog) {
  const getMetaRange: AppRouteHandler<typeof routes.getMetaRange> = async (c) => {
    const { repository, meta_range: id } = c.req.valid('param');
    const location = await catalog.treeFileAddress(repository, 'metarange', id);
    return c.json({ location }, 200, { Location: location });
  };

  const getRange: AppRouteHandler<typeof routes.getRange> = async (c) => {
    const { repository, range: id } = c.req.valid('param');
    const location = await catalog.treeFileAddress(repository, 'range', id);
    return c.json({ location }, 200, { Location: location });
  };

  return { getMetaRange, getRange };
}
