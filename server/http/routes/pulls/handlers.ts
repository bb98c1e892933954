// Pull requests over the catalog. Merging one needs, beyond pr:WritePullRequest (its contract's rule), what the merge
// call needs on the destination branch (`mergeAccess`), which only the record names: it is required once the record
// is read.
import type { Catalog } from '../../../catalog';
import { mergeAccess } from '../../access';
import { listingOptions, pageJson } from '../../pagination';
import { principalOf, requireOf, type AppRouteHandler } from '../../router';
import { pullRequestJson } from '../../serialize';
import { mergeOptions } from '../diff-merge/merge-options';
import type * as routes from './routes';

export function pullRequestHandlers(catalog: Catalog) {
  const pulls = catalog.pullRequests;

  const listPullRequests: AppRouteHandler<typeof routes.listPullRequests> = async (c) => {
    const { repository } = c.req.valid('param');
    const q = c.req.valid('query');
    const page = await pulls.list(repository, q.status ?? 'all', listingOptions(q));
    return c.json(pageJson(page, pullRequestJson), 200);
  };

  const createPullRequest: AppRouteHandler<typeof routes.createPullRequest> = async (c) => {
    const { repository } = c.req.valid('param');
    const body = c.req.valid('json');
    const id = await pulls.create(
      repository,
      {
        title: body.title,
        ...(body.description !== undefined ? { description: body.description } : {}),
        sourceBranch: body.source_branch,
        destinationBranch: body.destination_branch,
      },
      principalOf(c).userId,
    );
    return c.json({ id }, 201);
  };

  const getPullRequest: AppRouteHandler<typeof routes.getPullRequest> = async (c) => {
    const { repository, pull_request } = c.req.valid('param');
    return c.json(pullRequestJson(await pulls.get(repository, pull_request)), 200);
  };

  const updatePullRequest: AppRouteHandler<typeof routes.updatePullRequest> = async (c) => {
    const { repository, pull_request } = c.req.valid('param');
    const body = c.req.valid('json');
    await pulls.update(repository, pull_request, {
      ...(body.status !== undefined ? { status: body.status } : {}),
      ...(body.title !== undefined ? { title: body.title } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
    });
    return c.body(null, 200);
  };

  const mergePullRequest: AppRouteHandler<typeof routes.mergePullRequest> = async (c) => {
    const { repository, pull_request } = c.req.valid('param');
    const options = mergeOptions(c.req.valid('json'), principalOf(c).userId);
    const require = requireOf(c);
    const commit = await pulls.merge(repository, pull_request, options, async (destinationBranch) => {
      const params = { repository, sourceRef: '', destinationBranch };
      await require(mergeAccess.requires({ params, query: () => undefined, body: undefined }));
    });
    return c.json({ reference: commit.id }, 200);
  };

  return { listPullRequests, createPullRequest, getPullRequest, updatePullRequest, mergePullRequest };
}
