// Tags over the catalog.
import type { Catalog } from '../../../catalog';
import { listingOptions, pageJson } from '../../pagination';
import type { AppRouteHandler } from '../../router';
import { refJson } from '../../serialize';
import type * as routes from './routes';

export function tagHandlers(catalog: Catalog) {
  const listTags: AppRouteHandler<typeof routes.listTags> = async (c) => {
    const { repository } = c.req.valid('param');
    const page = await catalog.store.listTags(repository, listingOptions(c.req.valid('query')));
    return c.json(pageJson(page, refJson), 200);
  };

  const createTag: AppRouteHandler<typeof routes.createTag> = async (c) => {
    const { repository } = c.req.valid('param');
    const body = c.req.valid('json');
    const tag = await catalog.createTag(repository, body.id, body.ref, { force: body.force ?? false });
    return c.json(refJson(tag), 201);
  };

  const getTag: AppRouteHandler<typeof routes.getTag> = async (c) => {
    const { repository, tag } = c.req.valid('param');
    return c.json(refJson(await catalog.store.getTag(repository, tag)), 200);
  };

  const deleteTag: AppRouteHandler<typeof routes.deleteTag> = async (c) => {
    const { repository, tag } = c.req.valid('param');
    const { force } = c.req.valid('query');
    await catalog.deleteTag(repository, tag, { force: force ?? false });
    return c.body(null, 204);
  };

  return { listTags, createTag, getTag, deleteTag };
}
