// Contracts of repositories: list, create (optionally with sample data, or bare), get, delete.
import { z } from '@hono/zod-openapi';
import { allOf, arn, bodyField, check, need, onAnything, onRepo } from '../../access';
import { contract, failure, jsonBody, jsonContent } from '../../contract';
import { repositoryParams } from '../../params';
import { pagingQuery, queryFlag, queryText } from '../../query';
import { Repository, RepositoryCreation, RepositoryList } from '../../wire';

const tags = ['repositories'];

export const listRepositories = contract({
  operationId: 'listRepositories',
  method: 'get',
  path: '/repositories',
  tags,
  summary: 'List repositories',
  access: onAnything('fs:ListRepositories'),
  request: {
    query: z.object({ ...pagingQuery, search: queryText.openapi({ description: 'Only ids that contain this' }) }),
  },
  responses: { 200: jsonContent(RepositoryList, 'A page of repositories'), default: failure },
});

export const createRepository = contract({
  operationId: 'createRepository',
  method: 'post',
  path: '/repositories',
  tags,
  summary: 'Create a repository',
  // Creating a repository also attaches its storage namespace.
  access: check((r) =>
    allOf(
      need('fs:CreateRepository', arn.repository(bodyField(r.body, 'name'))),
      need('fs:AttachStorageNamespace', arn.namespace(bodyField(r.body, 'storage_namespace'))),
    ),
  ),
  request: {
    query: z.object({ bare: queryFlag.openapi({ description: 'Create it without its first commit' }) }),
    body: jsonBody(RepositoryCreation),
  },
  responses: { 201: jsonContent(Repository, 'The new repository'), default: failure },
});

export const getRepository = contract({
  operationId: 'getRepository',
  method: 'get',
  path: '/repositories/{repository}',
  tags,
  summary: 'Get a repository',
  access: onRepo('fs:ReadRepository'),
  request: { params: repositoryParams },
  responses: { 200: jsonContent(Repository, 'The repository'), default: failure },
});

export const deleteRepository = contract({
  operationId: 'deleteRepository',
  method: 'delete',
  path: '/repositories/{repository}',
  tags,
  summary: 'Delete a repository (a retry finishes an interrupted delete)',
  access: onRepo('fs:DeleteRepository'),
  request: {
    params: repositoryParams,
    query: z.object({ force: queryFlag.openapi({ description: 'Delete a read-only repository too' }) }),
  },
  responses: { 204: { description: 'Deleted' }, default: failure },
});
