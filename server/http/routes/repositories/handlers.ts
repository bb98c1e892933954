// Repositories over the catalog.
import { arn, need } from '../../../auth';
import { validateBranchId, validateRepositoryId, type Catalog } from '../../../catalog';
import { badRequest } from '../../../errors';
import { sampleFiles } from '../../../sample-data';
import { listingOptions, pageJson } from '../../pagination';
import { allowsOf, principalOf, type AppRouteHandler } from '../../router';
import { repositoryJson } from '../../serialize';
import type * as routes from './routes';

export function repositoryHandlers(catalog: Catalog) {
  const listRepositories: AppRouteHandler<typeof routes.listRepositories> = async (c) => {
    const q = c.req.valid('query');
    const page = await catalog.store.listRepositories({ ...listingOptions(q), ...(q.search ? { search: q.search } : {}) });
    // As lakeFS: only the repositories the caller may read, the page's cursor unchanged.
    const allows = allowsOf(c);
    const readable = await Promise.all(page.results.map((r) => allows(need('fs:ReadRepository', arn.repository(r.id)))));
    return c.json(pageJson({ ...page, results: page.results.filter((_, i) => readable[i]) }, repositoryJson), 200);
  };

  const createRepository: AppRouteHandler<typeof routes.createRepository> = async (c) => {
    const { bare } = c.req.valid('query');
    const body = c.req.valid('json');
    if (bare && body.sample_data) throw badRequest('invalid request: a bare repository cannot hold sample data');
    validateRepositoryId(body.name);
    const defaultBranch = body.default_branch || 'main';
    validateBranchId(defaultBranch);
    const repository = await catalog.createRepository({
      id: body.name,
      ...(body.storage_id !== undefined ? { storageId: body.storage_id } : {}),
      storageNamespace: body.storage_namespace,
      defaultBranch,
      readOnly: body.read_only ?? false,
      ...(body.sample_data
        ? { initialFiles: { files: sampleFiles(body.name, defaultBranch), message: 'Add sample data' }, protectDefaultBranch: true }
        : {}),
      bare: bare ?? false,
      committer: principalOf(c).userId,
    });
    return c.json(repositoryJson(repository), 201);
  };

  const getRepository: AppRouteHandler<typeof routes.getRepository> = async (c) =>
    c.json(repositoryJson(await catalog.store.getRepository(c.req.valid('param').repository)), 200);

  const deleteRepository: AppRouteHandler<typeof routes.deleteRepository> = async (c) => {
    const { repository } = c.req.valid('param');
    const { force } = c.req.valid('query');
    await catalog.deleteRepository(repository, { force: force ?? false });
    return c.body(null, 204);
  };

  return { listRepositories, createRepository, getRepository, deleteRepository };
}
