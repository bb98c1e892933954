// Contracts of a repository's own metadata: read the map, set keys, delete keys.
import { createRoute } from '@hono/zod-openapi';
import { failure, jsonBody, jsonContent } from '../../contract';
import { repositoryParams } from '../../params';
import { RepositoryMetadata, RepositoryMetadataKeys, RepositoryMetadataSet } from '../../wire';

const tags = ['repositories'];
const path = '/repositories/{repository}/metadata';

export const getRepositoryMetadata = createRoute({
  operationId: 'getRepositoryMetadata',
  method: 'get',
  path,
  tags,
  summary: 'The repository’s metadata',
  request: { params: repositoryParams },
  responses: { 200: jsonContent(RepositoryMetadata, 'The metadata map'), default: failure },
});

export const setRepositoryMetadata = createRoute({
  operationId: 'setRepositoryMetadata',
  method: 'post',
  path,
  tags,
  summary: 'Set metadata keys of the repository (others are kept)',
  request: { params: repositoryParams, body: jsonBody(RepositoryMetadataSet) },
  responses: { 204: { description: 'Set' }, default: failure },
});

export const deleteRepositoryMetadata = createRoute({
  operationId: 'deleteRepositoryMetadata',
  method: 'delete',
  path,
  tags,
  summary: 'Delete metadata keys of the repository (absent keys are not an error)',
  request: { params: repositoryParams, body: jsonBody(RepositoryMetadataKeys) },
  responses: { 204: { description: 'Deleted' }, default: failure },
});
