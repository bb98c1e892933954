// Diffs (uncommitted, and ref to ref) and merges.
import { z } from 'zod';
import type { Catalog } from '../../catalog';
import { badRequest } from '../../errors';
import { listingOptions, pageJson } from '../pagination';
import { branchParam, refParam, repositoryParam } from '../params';
import { principalOf, route, type RouteEntry } from '../route-table';
import { diffJson } from '../serialize';
import { queryAmount, queryBool, readJsonBody, readQuery } from '../validation';

const listQuery = z.object({
  after: z.string().optional(),
  amount: queryAmount,
  prefix: z.string().optional(),
  delimiter: z.string().optional(),
});

const refDiffQuery = listQuery.extend({
  type: z.enum(['two_dot', 'three_dot'], { message: 'must be two_dot or three_dot' }).optional(),
  include_right_stats: queryBool.optional(),
});

const mergeBody = z.object({
  message: z.string().optional(),
  metadata: z.record(z.string(), z.string({ message: 'metadata values must be strings' })).optional(),
  strategy: z.string().optional(),
  force: z.boolean().optional(),
  allow_empty: z.boolean().optional(),
  squash_merge: z.boolean().optional(),
});

const listing = [
  { name: 'after', type: 'string' },
  { name: 'amount', type: 'integer' },
  { name: 'prefix', type: 'string' },
  { name: 'delimiter', type: 'string' },
] as const;

const mergePath = '/repositories/:repository/refs/:sourceRef/merge/:destinationBranch';

export function diffMergeRoutes(catalog: Catalog): RouteEntry[] {
  return [
    route(
      { method: 'get', path: '/repositories/:repository/branches/:branch/diff', summary: 'Uncommitted changes of a branch', tag: 'diff', query: [...listing], success: { status: 200, schema: 'DiffList' } },
      async (c) => {
        const repo = repositoryParam(c);
        const branch = branchParam(c);
        const q = readQuery(c, listQuery);
        const page = await catalog.diffUncommitted(repo, branch, listingOptions(q));
        return c.json(pageJson(page, (d) => diffJson(d, false)));
      },
    ),
    route(
      { method: 'get', path: '/repositories/:repository/refs/:leftRef/diff/:rightRef', summary: 'Changes between two refs (three_dot by default)', tag: 'diff', query: [...listing, { name: 'type', type: 'string' }, { name: 'include_right_stats', type: 'boolean' }], success: { status: 200, schema: 'DiffList' } },
      async (c) => {
        const repo = repositoryParam(c);
        const left = refParam(c, 'leftRef');
        const right = refParam(c, 'rightRef');
        const q = readQuery(c, refDiffQuery);
        const page = await catalog.diff(repo, left, right, { ...listingOptions(q), type: q.type ?? 'three_dot' });
        const withStats = q.include_right_stats ?? false;
        return c.json(pageJson(page, (d) => diffJson(d, withStats)));
      },
    ),
    route(
      { method: 'post', path: mergePath, summary: 'Merge a ref into a branch; 409 lists the conflicting paths', tag: 'merge', body: 'Merge', bodySchema: mergeBody, success: { status: 200, schema: 'MergeResult' } },
      async (c) => {
        const repo = repositoryParam(c);
        const source = refParam(c, 'sourceRef');
        const destination = branchParam(c, 'destinationBranch');
        const body = await readJsonBody(c, mergeBody, {});
        const strategy = body.strategy ?? '';
        if (strategy !== '' && strategy !== 'dest-wins' && strategy !== 'source-wins') throw badRequest('invalid merge strategy');
        const commit = await catalog.merge(repo, source, destination, {
          committer: principalOf(c).userId,
          ...(body.message ? { message: body.message } : {}),
          ...(body.metadata ? { metadata: body.metadata } : {}),
          strategy,
          force: body.force ?? false,
          allowEmpty: body.allow_empty ?? false,
          squashMerge: body.squash_merge ?? false,
        });
        return c.json({ reference: commit.id });
      },
    ),
    route(
      { method: 'get', path: mergePath, summary: 'The merge base of a ref and a branch', tag: 'merge', success: { status: 200, schema: 'FindMergeBaseResult' } },
      async (c) => {
        const repo = repositoryParam(c);
        const base = await catalog.findMergeBase(repo, refParam(c, 'sourceRef'), refParam(c, 'destinationBranch'));
        return c.json({
          source_commit_id: base.sourceCommitId,
          destination_commit_id: base.destinationCommitId,
          base_commit_id: base.baseCommitId,
        });
      },
    ),
  ];
}
