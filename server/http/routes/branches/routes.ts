// Contracts of branches: list (and Tarn's list with each branch's distance from the default branch), create, get,
// delete, reset (all, one object, a prefix), hard reset, revert and cherry-pick.
import { z } from '@hono/zod-openapi';
import { allOf, arn, bodyField, branchArn, check, need, onBranch, onRepo, param, repositoryArn } from '../../access';
import { contract, failure, jsonBody, jsonContent } from '../../contract';
import { branchParams, refValue, repositoryParams } from '../../params';
import { pagingQuery, queryFlag } from '../../query';
import { BranchCreation, BranchSummaryList, CherryPickCreation, Commit, MergeConflict, Ref, RefList, ResetCreation, RevertCreation } from '../../wire';

const tags = ['branches'];
const branchPath = '/repositories/{repository}/branches/{branch}';
const forceQuery = z.object({ force: queryFlag.openapi({ description: 'Write to a read-only repository too' }) });

export const listBranches = contract({
  operationId: 'listBranches',
  method: 'get',
  path: '/repositories/{repository}/branches',
  tags,
  summary: 'List branches',
  access: onRepo('fs:ListBranches'),
  request: {
    params: repositoryParams,
    query: z.object({ ...pagingQuery, show_hidden: queryFlag.openapi({ description: 'Include hidden branches' }) }),
  },
  responses: { 200: jsonContent(RefList, 'A page of branches'), default: failure },
});

export const listBranchSummaries = contract({
  operationId: 'listBranchSummaries',
  method: 'get',
  path: '/repositories/{repository}/branches_summary',
  tags,
  summary: 'List branches with their distance from the default branch',
  description:
    "Tarn's own. The page listBranches would answer (hidden branches left out), each branch with its head commit's " +
    'creation date, the commits it has that the default branch lacks (`ahead`) and the reverse (`behind`), and ' +
    'whether it is merged: ahead is 0 and it is not the default branch. A count stops above 1000, and an unusually ' +
    'long walk stops at 100,000 commits; a count stopped either way is marked capped and means at least that many.',
  access: onRepo('fs:ListBranches'),
  request: { params: repositoryParams, query: z.object(pagingQuery) },
  responses: { 200: jsonContent(BranchSummaryList, 'A page of branches with their summaries'), default: failure },
});

export const createBranch = contract({
  operationId: 'createBranch',
  method: 'post',
  path: '/repositories/{repository}/branches',
  tags,
  summary: 'Create a branch; the body is the source commit id',
  access: check((r) => need('fs:CreateBranch', arn.branch(param(r, 'repository'), bodyField(r.body, 'name')))),
  request: { params: repositoryParams, body: jsonBody(BranchCreation) },
  responses: {
    // lakeFS answers with the commit id as text/html.
    201: { description: 'The commit id the new branch points to', content: { 'text/html': { schema: z.string() } } },
    default: failure,
  },
});

export const getBranch = contract({
  operationId: 'getBranch',
  method: 'get',
  path: branchPath,
  tags,
  summary: 'Get a branch',
  access: onBranch('fs:ReadBranch'),
  request: { params: branchParams },
  responses: { 200: jsonContent(Ref, 'The branch'), default: failure },
});

export const deleteBranch = contract({
  operationId: 'deleteBranch',
  method: 'delete',
  path: branchPath,
  tags,
  summary: 'Delete a branch (not the default one)',
  access: onBranch('fs:DeleteBranch'),
  request: { params: branchParams, query: forceQuery },
  responses: { 204: { description: 'Deleted' }, default: failure },
});

export const resetBranch = contract({
  operationId: 'resetBranch',
  method: 'put',
  path: branchPath,
  tags,
  summary: 'Reset uncommitted changes: all, one object, or a common prefix',
  access: onBranch('fs:RevertBranch'),
  request: { params: branchParams, body: jsonBody(ResetCreation) },
  responses: { 204: { description: 'Reset' }, default: failure },
});

export const hardResetBranch = contract({
  operationId: 'hardResetBranch',
  method: 'put',
  path: `${branchPath}/hard_reset`,
  tags,
  summary: 'Point the branch at a ref and drop its uncommitted changes',
  access: onBranch('fs:RevertBranch'),
  request: {
    params: branchParams,
    query: forceQuery.extend({ ref: refValue.openapi({ description: 'Where the branch is to point' }) }),
  },
  responses: { 204: { description: 'Reset' }, default: failure },
});

export const revertBranch = contract({
  operationId: 'revertBranch',
  method: 'post',
  path: `${branchPath}/revert`,
  tags,
  summary: 'Revert a commit on the branch',
  access: onBranch('fs:RevertBranch'),
  request: { params: branchParams, body: jsonBody(RevertCreation) },
  responses: {
    204: { description: 'Reverted' },
    409: jsonContent(MergeConflict, 'The conflicting paths, with both sides; nothing was written'),
    default: failure,
  },
});

export const cherryPick = contract({
  operationId: 'cherryPick',
  method: 'post',
  path: `${branchPath}/cherry-pick`,
  tags,
  summary: 'Apply the changes of a commit to the branch',
  access: check((r) => allOf(need('fs:CreateCommit', branchArn(r)), need('fs:ReadCommit', repositoryArn(r)))),
  request: { params: branchParams, body: jsonBody(CherryPickCreation) },
  responses: {
    201: jsonContent(Commit, 'The commit made on the branch'),
    409: jsonContent(MergeConflict, 'The conflicting paths, with both sides; nothing was written'),
    default: failure,
  },
});
