// Branches: list, create, get, delete, reset (all, one object, a prefix), hard reset, revert, cherry-pick.
import { z } from 'zod';
import type { Catalog } from '../../catalog';
import { badRequest } from '../../errors';
import { listingOptions, pageJson } from '../pagination';
import { branchParam, refValue, repositoryParam } from '../params';
import { principalOf, route, type RouteEntry } from '../route-table';
import { commitJson, refJson } from '../serialize';
import { queryAmount, queryBool, readJsonBody, readQuery } from '../validation';

const listQuery = z.object({
  prefix: z.string().optional(),
  after: z.string().optional(),
  amount: queryAmount,
  show_hidden: queryBool.optional(),
});

const createBody = z.object({
  name: z.string({ message: 'name is required' }),
  source: refValue,
  force: z.boolean().optional(),
  hidden: z.boolean().optional(),
});

const resetBody = z.object({
  type: z.string({ message: 'type is required' }),
  path: z.string().optional(),
  force: z.boolean().optional(),
});

const overrides = z
  .object({ message: z.string().optional(), metadata: z.record(z.string(), z.string()).optional() })
  .optional();

const revertBody = z.object({
  ref: refValue,
  parent_number: z.number().int().min(0).optional(),
  commit_overrides: overrides,
  force: z.boolean().optional(),
  allow_empty: z.boolean().optional(),
});

const cherryPickBody = z.object({
  ref: refValue,
  parent_number: z.number().int().min(0).optional(),
  commit_overrides: overrides,
  force: z.boolean().optional(),
});

function commitOverrides(o: z.infer<typeof overrides>) {
  if (!o) return undefined;
  return { ...(o.message !== undefined ? { message: o.message } : {}), ...(o.metadata ? { metadata: o.metadata } : {}) };
}

const forceQuery = z.object({ force: queryBool.optional() });
const branchPath = '/repositories/:repository/branches/:branch';

export function branchRoutes(catalog: Catalog): RouteEntry[] {
  return [
    route(
      { method: 'get', path: '/repositories/:repository/branches', summary: 'List branches', tag: 'branches', query: [{ name: 'prefix', type: 'string' }, { name: 'after', type: 'string' }, { name: 'amount', type: 'integer' }, { name: 'show_hidden', type: 'boolean' }], success: { status: 200, schema: 'RefList' } },
      async (c) => {
        const repo = repositoryParam(c);
        const q = readQuery(c, listQuery);
        const page = await catalog.listBranches(repo, { ...listingOptions(q), showHidden: q.show_hidden ?? false });
        return c.json(pageJson(page, refJson));
      },
    ),
    route(
      { method: 'post', path: '/repositories/:repository/branches', summary: 'Create a branch; the body is the source commit id', tag: 'branches', body: 'BranchCreation', bodySchema: createBody, success: { status: 201, contentType: 'text/html' } },
      async (c) => {
        const repo = repositoryParam(c);
        const body = await readJsonBody(c, createBody);
        const branch = await catalog.createBranch(repo, body.name, body.source, {
          force: body.force ?? false,
          hidden: body.hidden ?? false,
        });
        return c.text(branch.commitId, 201, { 'content-type': 'text/html; charset=utf-8' });
      },
    ),
    route(
      { method: 'get', path: branchPath, summary: 'Get a branch', tag: 'branches', success: { status: 200, schema: 'Ref' } },
      async (c) => c.json(refJson(await catalog.getBranch(repositoryParam(c), branchParam(c)))),
    ),
    route(
      { method: 'delete', path: branchPath, summary: 'Delete a branch (not the default one)', tag: 'branches', query: [{ name: 'force', type: 'boolean' }], success: { status: 204 } },
      async (c) => {
        const repo = repositoryParam(c);
        const branch = branchParam(c);
        const { force } = readQuery(c, forceQuery);
        await catalog.deleteBranch(repo, branch, { force: force ?? false });
        return c.body(null, 204);
      },
    ),
    route(
      { method: 'put', path: branchPath, summary: 'Reset uncommitted changes: all, one object, or a common prefix', tag: 'branches', body: 'ResetCreation', bodySchema: resetBody, success: { status: 204 } },
      async (c) => {
        const repo = repositoryParam(c);
        const branch = branchParam(c);
        const body = await readJsonBody(c, resetBody);
        const options = { force: body.force ?? false };
        if (body.type === 'reset') await catalog.resetBranch(repo, branch, options);
        else if (body.type === 'object' || body.type === 'common_prefix') {
          if (body.path === undefined || (body.type === 'object' && body.path === '')) {
            throw badRequest(`invalid request body: path is required for reset type ${body.type}`);
          }
          if (body.type === 'object') await catalog.resetObject(repo, branch, body.path, options);
          else await catalog.resetPrefix(repo, branch, body.path, options);
        } else throw badRequest('unknown reset type');
        return c.body(null, 204);
      },
    ),
    route(
      { method: 'put', path: `${branchPath}/hard_reset`, summary: 'Point the branch at a ref and drop its uncommitted changes', tag: 'branches', query: [{ name: 'ref', type: 'string', required: true }, { name: 'force', type: 'boolean' }], success: { status: 204 } },
      async (c) => {
        const repo = repositoryParam(c);
        const branch = branchParam(c);
        const q = readQuery(c, z.object({ ref: refValue, force: queryBool.optional() }));
        await catalog.hardReset(repo, branch, q.ref, { force: q.force ?? false });
        return c.body(null, 204);
      },
    ),
    route(
      { method: 'post', path: `${branchPath}/revert`, summary: 'Revert a commit on the branch', tag: 'branches', body: 'RevertCreation', bodySchema: revertBody, success: { status: 204 } },
      async (c) => {
        const repo = repositoryParam(c);
        const branch = branchParam(c);
        const body = await readJsonBody(c, revertBody);
        const o = commitOverrides(body.commit_overrides);
        await catalog.revert(repo, branch, body.ref, {
          committer: principalOf(c).userId,
          ...(body.parent_number ? { parentNumber: body.parent_number } : {}),
          ...(o ? { overrides: o } : {}),
          allowEmpty: body.allow_empty ?? false,
          force: body.force ?? false,
        });
        return c.body(null, 204);
      },
    ),
    route(
      { method: 'post', path: `${branchPath}/cherry-pick`, summary: 'Apply the changes of a commit to the branch', tag: 'branches', body: 'CherryPickCreation', bodySchema: cherryPickBody, success: { status: 201, schema: 'Commit' } },
      async (c) => {
        const repo = repositoryParam(c);
        const branch = branchParam(c);
        const body = await readJsonBody(c, cherryPickBody);
        const o = commitOverrides(body.commit_overrides);
        const commit = await catalog.cherryPick(repo, branch, body.ref, {
          committer: principalOf(c).userId,
          ...(body.parent_number ? { parentNumber: body.parent_number } : {}),
          ...(o ? { overrides: o } : {}),
          force: body.force ?? false,
        });
        return c.json(commitJson(commit), 201);
      },
    ),
  ];
}
