// Contracts of repositories: list, create (optionally with sample data, or bare), get, delete.
import { createRoute, z } from '@hono/zod-openapi';
import { failure, jsonBody, jsonContent } from '../../contract';
import { repositoryParams } from '../../params';
import { pagingQuery, queryFlag, queryText } from '../../query';
import { Repository, RepositoryCreation, RepositoryList } from '../../wire';

const tags = ['repositories'];

export const listRepositories = createRoute({
  operationId: 'listRepositories',
  method: 'get',
  path: '/repositories',
  tags,
  summary: 'List repositories',
  request: {
    query: z.object({ ...pagingQuery, search: queryText.openapi({ description: 'Only ids that contain this' }) }),
  },
  responses: { 200: jsonContent(RepositoryList, 'A page of repositories'), default: failure },
});

export const createRepository = createRoute({
  operationId: 'createRepository',
  method: 'post',
  path: '/repositories',
  tags,
  summary: 'Create a repository',
  request: {
    query: z.object({ bare: queryFlag.openapi({ description: 'Create it without its first commit' }) }),
    body: jsonBody(RepositoryCreation),
  },
  responses: { 201: jsonContent(Repository, 'The new repository'), default: failure },
});

export const getRepository = createRoute({
  operationId: 'getRepository',
  method: 'get',
  path: '/repositories/{repository}',
  tags,
  summary: 'Get a repository',
  request: { params: repositoryParams },
  responses: { 200: jsonContent(Repository, 'The repository'), default: failure },
});

export const deleteRepository = createRoute({
  operationId: 'deleteRepository',
  method: 'delete',
  path: '/repositories/{repository}',
  tags,
  summary: 'Delete a repository (a retry finishes an interrupted delete)',
  request: {
    params: repositoryParams,
    query: z.object({ force: queryFlag.openapi({ description: 'Delete a read-only repository too' }) }),
  },
  responses: { 204: { description: 'Deleted' }, default: failure },
});
