// Contracts of pull requests (lakeFS's pulls API): list, create, read, update (title, description, close, reopen)
// and merge. Merging answers as a merge call does: the merge commit, or 409 with the conflicts left unsettled.
import { z } from '@hono/zod-openapi';
import { onRepo } from '../../access';
import { contract, failure, jsonBody, jsonContent } from '../../contract';
import { repositoryParams } from '../../params';
import { pagingQuery, queryEnum } from '../../query';
import {
  MergeConflict,
  MergeResult,
  PullRequest,
  PullRequestBasic,
  PullRequestCreation,
  PullRequestCreationResponse,
  PullRequestMerge,
  PullRequestsList,
  pullRequestStatusFilters,
} from '../../wire';

const tags = ['pulls'];
const pullsPath = '/repositories/{repository}/pulls';
const pullPath = `${pullsPath}/{pull_request}`;
const pullParams = repositoryParams.extend({
  pull_request: z.string().min(1).openapi({ description: 'The pull request’s id' }),
});

export const listPullRequests = contract({
  operationId: 'listPullRequests',
  method: 'get',
  path: pullsPath,
  tags,
  summary: 'List pull requests in creation order (closed includes merged ones)',
  access: onRepo('pr:ListPullRequests'),
  request: {
    params: repositoryParams,
    query: z.object({
      ...pagingQuery,
      status: queryEnum(pullRequestStatusFilters).openapi({ description: 'open, closed (merged included) or all (the default)' }),
    }),
  },
  responses: { 200: jsonContent(PullRequestsList, 'A page of pull requests'), default: failure },
});

export const createPullRequest = contract({
  operationId: 'createPullRequest',
  method: 'post',
  path: pullsPath,
  tags,
  summary: 'Propose merging one branch into another',
  access: onRepo('pr:WritePullRequest'),
  request: { params: repositoryParams, body: jsonBody(PullRequestCreation) },
  responses: { 201: jsonContent(PullRequestCreationResponse, 'The new pull request’s id'), default: failure },
});

export const getPullRequest = contract({
  operationId: 'getPullRequest',
  method: 'get',
  path: pullPath,
  tags,
  summary: 'A pull request',
  access: onRepo('pr:ReadPullRequest'),
  request: { params: pullParams },
  responses: { 200: jsonContent(PullRequest, 'The pull request'), default: failure },
});

export const updatePullRequest = contract({
  operationId: 'updatePullRequest',
  method: 'patch',
  path: pullPath,
  tags,
  summary: 'Change the title or description, close or reopen a pull request',
  access: onRepo('pr:WritePullRequest'),
  request: { params: pullParams, body: jsonBody(PullRequestBasic) },
  // lakeFS answers an empty 200, not a 204.
  responses: { 200: { description: 'Updated' }, default: failure },
});

export const mergePullRequest = contract({
  operationId: 'mergePullRequest',
  method: 'put',
  path: `${pullPath}/merge`,
  tags,
  summary: 'Merge a pull request’s source branch into its destination (the merge call’s rules and answers)',
  // Also what the merge call needs on the destination branch, which only the record names: the handler requires that
  // (`mergeAccess`) once it has read the record.
  access: onRepo('pr:WritePullRequest'),
  request: { params: pullParams, body: jsonBody(PullRequestMerge, { required: false }) },
  responses: {
    200: jsonContent(MergeResult, 'The merge commit'),
    409: jsonContent(MergeConflict, 'The conflicts left unsettled, with both sides; nothing was merged'),
    default: failure,
  },
});
