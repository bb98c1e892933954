// Repositories: list, create (optionally with sample data), get, delete.
import { z } from 'zod';
import type { Catalog } from '../../catalog';
import { badRequest } from '../../errors';
import { validateBranchId, validateRepositoryId } from '../../catalog';
import { listingOptions, pageJson } from '../pagination';
import { repositoryParam } from '../params';
import { principalOf, route, type RouteEntry } from '../route-table';
import { repositoryJson } from '../serialize';
import { sampleFiles } from '../../sample-data';
import { queryAmount, queryBool, readJsonBody, readQuery } from '../validation';

const pageQuery = z.object({
  prefix: z.string().optional(),
  after: z.string().optional(),
  amount: queryAmount,
  search: z.string().optional(),
});

/** No block store takes a longer namespace: S3 keys, the longest kind of namespace prefix, are at most 1024 bytes. */
const maxNamespaceLength = 1024;

const createBody = z.object({
  name: z.string({ message: 'name is required' }),
  storage_namespace: z
    .string({ message: 'storage_namespace is required' })
    .regex(/^(s3|gs|https?|mem|local|transient):\/\/.*$/, { message: 'must be a URI such as local://name' })
    .max(maxNamespaceLength, { message: `must be at most ${maxNamespaceLength} characters` }),
  default_branch: z.string().optional(),
  sample_data: z.boolean().optional(),
  read_only: z.boolean().optional(),
  storage_id: z.string().optional(),
});

const paging = [
  { name: 'prefix', type: 'string' },
  { name: 'after', type: 'string' },
  { name: 'amount', type: 'integer' },
] as const;

export function repositoryRoutes(catalog: Catalog): RouteEntry[] {
  return [
    route(
      { method: 'get', path: '/repositories', summary: 'List repositories', tag: 'repositories', query: [...paging, { name: 'search', type: 'string' }], success: { status: 200, schema: 'RepositoryList' } },
      async (c) => {
        const q = readQuery(c, pageQuery);
        const page = await catalog.listRepositories({
          ...listingOptions(q),
          ...(q.search ? { search: q.search } : {}),
        });
        return c.json(pageJson(page, repositoryJson));
      },
    ),
    route(
      { method: 'post', path: '/repositories', summary: 'Create a repository', tag: 'repositories', query: [{ name: 'bare', type: 'boolean' }], body: 'RepositoryCreation', bodySchema: createBody, success: { status: 201, schema: 'Repository' } },
      async (c) => {
        const { bare } = readQuery(c, z.object({ bare: queryBool.optional() }));
        const body = await readJsonBody(c, createBody);
        if (bare && body.sample_data) throw badRequest('invalid request: a bare repository cannot hold sample data');
        validateRepositoryId(body.name);
        const defaultBranch = body.default_branch || 'main';
        validateBranchId(defaultBranch);
        const repository = await catalog.createRepository({
          id: body.name,
          storageNamespace: body.storage_namespace,
          defaultBranch,
          readOnly: body.read_only ?? false,
          ...(body.sample_data ? { initialFiles: { files: sampleFiles(body.name, defaultBranch), message: 'Add sample data' } } : {}),
          bare: bare ?? false,
          committer: principalOf(c).userId,
        });
        return c.json(repositoryJson(repository), 201);
      },
    ),
    route(
      { method: 'get', path: '/repositories/:repository', summary: 'Get a repository', tag: 'repositories', success: { status: 200, schema: 'Repository' } },
      async (c) => c.json(repositoryJson(await catalog.getRepository(repositoryParam(c)))),
    ),
    route(
      { method: 'delete', path: '/repositories/:repository', summary: 'Delete a repository (a retry finishes an interrupted delete)', tag: 'repositories', query: [{ name: 'force', type: 'boolean' }], success: { status: 204 } },
      async (c) => {
        const repo = repositoryParam(c);
        const { force } = readQuery(c, z.object({ force: queryBool.optional() }));
        await catalog.deleteRepository(repo, { force: force ?? false });
        return c.body(null, 204);
      },
    ),
  ];
}

