// Contracts of commits: commit a branch, the log of a ref, the graph of every branch and tag, one commit by any ref
// expression, and a commit record stored as given.
import { z } from '@hono/zod-openapi';
import { allOf, branchArn, check, need, onBranch, onRepo, repositoryArn } from '../../access';
import { contract, failure, jsonBody, jsonContent } from '../../contract';
import { branchParams, refParams, refValue, repositoryParams } from '../../params';
import { pagingQuery, queryFlag, queryList, queryText } from '../../query';
import { Commit, CommitCreation, CommitList, CommitRecordCreation } from '../../wire';
import { graphCursor } from './graph-cursor';

const tags = ['commits'];

export const commitBranch = contract({
  operationId: 'commit',
  method: 'post',
  path: '/repositories/{repository}/branches/{branch}/commits',
  tags,
  summary: 'Commit the uncommitted changes of a branch',
  access: onBranch('fs:CreateCommit'),
  request: {
    params: branchParams,
    query: z.object({
      source_metarange: queryText.openapi({ description: 'Commit this metarange instead of the staged changes' }),
    }),
    body: jsonBody(CommitCreation),
  },
  responses: { 201: jsonContent(Commit, 'The new commit'), default: failure },
});

const since = z
  .string()
  .refine((s) => !Number.isNaN(Date.parse(s)), { message: 'must be a date-time' })
  .transform((s) => Math.floor(Date.parse(s) / 1000))
  .optional()
  .openapi({ type: 'string', format: 'date-time', description: 'Only commits made at or after this time' });

export const logCommits = contract({
  operationId: 'logCommits',
  method: 'get',
  path: '/repositories/{repository}/refs/{ref}/commits',
  tags,
  summary: 'Commit log of a ref',
  access: check((r) => need('fs:ReadBranch', branchArn(r, 'ref'))),
  request: {
    params: refParams,
    query: z.object({
      after: pagingQuery.after,
      amount: pagingQuery.amount,
      objects: queryList.openapi({ description: 'Only commits that changed one of these objects' }),
      prefixes: queryList.openapi({ description: 'Only commits that changed something under one of these prefixes' }),
      limit: queryFlag.openapi({ description: 'Stop after `amount` commits that match' }),
      first_parent: queryFlag.openapi({ description: 'Follow only the first parent of merges' }),
      since,
      stop_at: queryText.openapi({ description: 'Stop at this commit' }),
    }),
  },
  responses: { 200: jsonContent(CommitList, 'A page of the log'), default: failure },
});

export const commitGraph = contract({
  operationId: 'commitGraph',
  method: 'get',
  path: '/repositories/{repository}/graph',
  tags,
  summary: 'The history of every branch and tag: each reachable commit once, children before parents, newest first',
  description:
    'Commits reachable from the heads of the branches the branch listing shows and from every tag. A commit comes before ' +
    'its parents, and otherwise by generation, creation date and id, newest first. `next_offset` is an opaque cursor.',
  // The graph starts at every branch and tag, so it lists them as well as reading commits.
  access: check((r) => allOf(need('fs:ReadCommit', repositoryArn(r)), need('fs:ListBranches', repositoryArn(r)), need('fs:ListTags', repositoryArn(r)))),
  request: {
    params: repositoryParams,
    query: z.object({ after: graphCursor, amount: pagingQuery.amount }),
  },
  responses: { 200: jsonContent(CommitList, 'A page of the graph'), default: failure },
});

export const getCommit = contract({
  operationId: 'getCommit',
  method: 'get',
  path: '/repositories/{repository}/commits/{commitId}',
  tags,
  summary: 'Get a commit by id or any ref expression',
  access: onRepo('fs:ReadCommit'),
  request: { params: repositoryParams.extend({ commitId: refValue }) },
  responses: { 200: jsonContent(Commit, 'The commit'), default: failure },
});

export const createCommitRecord = contract({
  operationId: 'CreateCommitRecord',
  method: 'post',
  path: '/repositories/{repository}/commits',
  tags,
  summary: 'Store a commit record as given (its commit_id must be the id of its content); no branch moves',
  access: onRepo('fs:CreateCommit'),
  request: { params: repositoryParams, body: jsonBody(CommitRecordCreation) },
  responses: { 204: { description: 'Stored' }, default: failure },
});
