// Commits: commit a branch, the log of a ref, one commit by any ref expression.
import { z } from 'zod';
import type { Catalog } from '../../catalog';
import { listingOptions, pageJson } from '../pagination';
import { branchParam, refParam, repositoryParam } from '../params';
import { principalOf, route, type RouteEntry } from '../route-table';
import { commitJson } from '../serialize';
import { queryAmount, queryBool, queryList, readJsonBody, readQuery } from '../validation';

const commitBody = z.object({
  message: z.string({ message: 'message is required' }),
  metadata: z.record(z.string(), z.string({ message: 'metadata values must be strings' })).optional(),
  date: z.number().int().nonnegative().optional(),
  allow_empty: z.boolean().optional(),
  force: z.boolean().optional(),
});

const logQuery = z.object({
  after: z.string().optional(),
  amount: queryAmount,
  limit: queryBool.optional(),
  first_parent: queryBool.optional(),
  since: z
    .string()
    .refine((s) => !Number.isNaN(Date.parse(s)), { message: 'must be a date-time' })
    .transform((s) => Math.floor(Date.parse(s) / 1000))
    .optional(),
  stop_at: z.string().optional(),
});

export function commitRoutes(catalog: Catalog): RouteEntry[] {
  return [
    route(
      { method: 'post', path: '/repositories/:repository/branches/:branch/commits', summary: 'Commit the uncommitted changes of a branch', tag: 'commits', query: [{ name: 'source_metarange', type: 'string' }], body: 'CommitCreation', bodySchema: commitBody, success: { status: 201, schema: 'Commit' } },
      async (c) => {
        const repo = repositoryParam(c);
        const branch = branchParam(c);
        const { source_metarange: sourceMetaRange } = readQuery(c, z.object({ source_metarange: z.string().optional() }));
        const body = await readJsonBody(c, commitBody);
        const options = {
          committer: principalOf(c).userId,
          message: body.message,
          ...(body.metadata ? { metadata: body.metadata } : {}),
          ...(body.date !== undefined ? { date: body.date } : {}),
          allowEmpty: body.allow_empty ?? false,
          force: body.force ?? false,
        };
        const commit = sourceMetaRange
          ? await catalog.commitMetaRange(repo, branch, sourceMetaRange, options)
          : await catalog.commit(repo, branch, options);
        return c.json(commitJson(commit), 201);
      },
    ),
    route(
      { method: 'get', path: '/repositories/:repository/refs/:ref/commits', summary: 'Commit log of a ref', tag: 'commits', query: [{ name: 'after', type: 'string' }, { name: 'amount', type: 'integer' }, { name: 'objects', type: 'array' }, { name: 'prefixes', type: 'array' }, { name: 'limit', type: 'boolean' }, { name: 'first_parent', type: 'boolean' }, { name: 'since', type: 'string' }, { name: 'stop_at', type: 'string' }], success: { status: 200, schema: 'CommitList' } },
      async (c) => {
        const repo = repositoryParam(c);
        const ref = refParam(c);
        const q = readQuery(c, logQuery);
        const objects = queryList(c, 'objects');
        const prefixes = queryList(c, 'prefixes');
        const page = await catalog.log(repo, ref, {
          ...listingOptions(q),
          firstParent: q.first_parent ?? false,
          limit: q.limit ?? false,
          ...(objects.length ? { objects } : {}),
          ...(prefixes.length ? { prefixes } : {}),
          ...(q.since !== undefined ? { since: q.since } : {}),
          ...(q.stop_at ? { stopAt: q.stop_at } : {}),
        });
        return c.json(pageJson(page, commitJson));
      },
    ),
    route(
      { method: 'get', path: '/repositories/:repository/commits/:commitId', summary: 'Get a commit by id or any ref expression', tag: 'commits', success: { status: 200, schema: 'Commit' } },
      async (c) => c.json(commitJson(await catalog.getCommit(repositoryParam(c), refParam(c, 'commitId')))),
    ),
  ];
}
