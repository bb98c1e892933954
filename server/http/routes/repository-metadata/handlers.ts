// A repository's own metadata over the catalog.
import type { Catalog } from '../../../catalog';
import type { AppRouteHandler } from '../../router';
import type * as routes from './routes';

export function repositoryMetadataHandlers(catalog: Catalog) {
  const getRepositoryMetadata: AppRouteHandler<typeof routes.getRepositoryMetadata> = async (c) => {
    const { repository } = c.req.valid('param');
    return c.json(await catalog.store.getRepositoryMetadata(repository), 200);
  };

  const setRepositoryMetadata: AppRouteHandler<typeof routes.setRepositoryMetadata> = async (c) => {
    const { repository } = c.req.valid('param');
    await catalog.store.setRepositoryMetadata(repository, c.req.valid('json').metadata);
    return c.body(null, 204);
  };

  const deleteRepositoryMetadata: AppRouteHandler<typeof routes.deleteRepositoryMetadata> = async (c) => {
    const { repository } = c.req.valid('param');
    await catalog.store.deleteRepositoryMetadata(repository, c.req.valid('json').keys);
    return c.body(null, 204);
  };

  return { getRepositoryMetadata, setRepositoryMetadata, deleteRepositoryMetadata };
}
