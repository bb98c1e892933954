// Tags: list, create, get, delete.
import { z } from 'zod';
import type { Catalog } from '../../catalog';
import { listingOptions, pageJson } from '../pagination';
import { refValue, repositoryParam, tagParam } from '../params';
import { route, type RouteEntry } from '../route-table';
import { refJson } from '../serialize';
import { queryAmount, queryBool, readJsonBody, readQuery } from '../validation';

const listQuery = z.object({ prefix: z.string().optional(), after: z.string().optional(), amount: queryAmount });
const createBody = z.object({ id: z.string({ message: 'id is required' }), ref: refValue, force: z.boolean().optional() });
const tagPath = '/repositories/:repository/tags/:tag';

export function tagRoutes(catalog: Catalog): RouteEntry[] {
  return [
    route(
      { method: 'get', path: '/repositories/:repository/tags', summary: 'List tags', tag: 'tags', query: [{ name: 'prefix', type: 'string' }, { name: 'after', type: 'string' }, { name: 'amount', type: 'integer' }], success: { status: 200, schema: 'RefList' } },
      async (c) => {
        const repo = repositoryParam(c);
        const q = readQuery(c, listQuery);
        const page = await catalog.listTags(repo, listingOptions(q));
        return c.json(pageJson(page, refJson));
      },
    ),
    route(
      { method: 'post', path: '/repositories/:repository/tags', summary: 'Create a tag at the commit a ref names', tag: 'tags', body: 'TagCreation', bodySchema: createBody, success: { status: 201, schema: 'Ref' } },
      async (c) => {
        const repo = repositoryParam(c);
        const body = await readJsonBody(c, createBody);
        const tag = await catalog.createTag(repo, body.id, body.ref, { force: body.force ?? false });
        return c.json(refJson(tag), 201);
      },
    ),
    route(
      { method: 'get', path: tagPath, summary: 'Get a tag', tag: 'tags', success: { status: 200, schema: 'Ref' } },
      async (c) => c.json(refJson(await catalog.getTag(repositoryParam(c), tagParam(c)))),
    ),
    route(
      { method: 'delete', path: tagPath, summary: 'Delete a tag', tag: 'tags', query: [{ name: 'force', type: 'boolean' }], success: { status: 204 } },
      async (c) => {
        const repo = repositoryParam(c);
        const tag = tagParam(c);
        const { force } = readQuery(c, z.object({ force: queryBool.optional() }));
        await catalog.deleteTag(repo, tag, { force: force ?? false });
        return c.body(null, 204);
      },
    ),
  ];
}
