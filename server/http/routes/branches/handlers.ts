// Branches over the catalog.
import type { Catalog } from '../../../catalog';
import { badRequest } from '../../../errors';
import { listingOptions, pageJson } from '../../pagination';
import { principalOf, type AppRouteHandler } from '../../router';
import { branchSummaryJson, commitJson, refJson } from '../../serialize';
import type { RevertCreation } from '../../wire';
import type * as routes from './routes';

function commitOverrides(o: RevertCreation['commit_overrides']) {
  if (!o) return undefined;
  return { ...(o.message !== undefined ? { message: o.message } : {}), ...(o.metadata ? { metadata: o.metadata } : {}) };
}

export function branchHandlers(catalog: Catalog) {
  const listBranches: AppRouteHandler<typeof routes.listBranches> = async (c) => {
    const { repository } = c.req.valid('param');
    const q = c.req.valid('query');
    const page = await catalog.store.listBranches(repository, { ...listingOptions(q), showHidden: q.show_hidden ?? false });
    return c.json(pageJson(page, refJson), 200);
  };

  const listBranchSummaries: AppRouteHandler<typeof routes.listBranchSummaries> = async (c) => {
    const { repository } = c.req.valid('param');
    const summaries = await catalog.store.summarizeBranches(repository, listingOptions(c.req.valid('query')));
    return c.json({ default_branch: summaries.defaultBranch, ...pageJson(summaries.page, branchSummaryJson) }, 200);
  };

  const createBranch: AppRouteHandler<typeof routes.createBranch> = async (c) => {
    const { repository } = c.req.valid('param');
    const body = c.req.valid('json');
    const branch = await catalog.createBranch(repository, body.name, body.source, {
      force: body.force ?? false,
      hidden: body.hidden ?? false,
    });
    return c.text(branch.commitId, 201, { 'content-type': 'text/html; charset=utf-8' });
  };

  const getBranch: AppRouteHandler<typeof routes.getBranch> = async (c) => {
    const { repository, branch } = c.req.valid('param');
    return c.json(refJson(await catalog.store.getBranch(repository, branch)), 200);
  };

  const deleteBranch: AppRouteHandler<typeof routes.deleteBranch> = async (c) => {
    const { repository, branch } = c.req.valid('param');
    const { force } = c.req.valid('query');
    await catalog.deleteBranch(repository, branch, { force: force ?? false });
    return c.body(null, 204);
  };

  const resetBranch: AppRouteHandler<typeof routes.resetBranch> = async (c) => {
    const { repository, branch } = c.req.valid('param');
    const body = c.req.valid('json');
    const options = { force: body.force ?? false };
    if (body.type === 'reset') await catalog.store.resetBranch(repository, branch, options);
    else if (body.type === 'object' || body.type === 'common_prefix') {
      if (body.path === undefined || (body.type === 'object' && body.path === '')) {
        throw badRequest(`invalid request body: path is required for reset type ${body.type}`);
      }
      if (body.type === 'object') await catalog.store.resetObject(repository, branch, body.path, options);
      else await catalog.store.resetPrefix(repository, branch, body.path, options);
    } else throw badRequest('unknown reset type');
    return c.body(null, 204);
  };

  const hardResetBranch: AppRouteHandler<typeof routes.hardResetBranch> = async (c) => {
    const { repository, branch } = c.req.valid('param');
    const q = c.req.valid('query');
    await catalog.store.hardReset(repository, branch, q.ref, { force: q.force ?? false });
    return c.body(null, 204);
  };

  const revertBranch: AppRouteHandler<typeof routes.revertBranch> = async (c) => {
    const { repository, branch } = c.req.valid('param');
    const body = c.req.valid('json');
    const o = commitOverrides(body.commit_overrides);
    await catalog.revert(repository, branch, body.ref, {
      committer: principalOf(c).userId,
      ...(body.parent_number ? { parentNumber: body.parent_number } : {}),
      ...(o ? { overrides: o } : {}),
      allowEmpty: body.allow_empty ?? false,
      force: body.force ?? false,
    });
    return c.body(null, 204);
  };

  const cherryPick: AppRouteHandler<typeof routes.cherryPick> = async (c) => {
    const { repository, branch } = c.req.valid('param');
    const body = c.req.valid('json');
    const o = commitOverrides(body.commit_overrides);
    const commit = await catalog.cherryPick(repository, branch, body.ref, {
      committer: principalOf(c).userId,
      ...(body.parent_number ? { parentNumber: body.parent_number } : {}),
      ...(o ? { overrides: o } : {}),
      force: body.force ?? false,
    });
    return c.json(commitJson(commit), 201);
  };

  return { listBranches, listBranchSummaries, createBranch, getBranch, deleteBranch, resetBranch, hardResetBranch, revertBranch, cherryPick };
}
