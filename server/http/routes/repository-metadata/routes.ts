// Contracts of a repository's own metadata: read the map, set keys, delete keys.
import { onRepo } from '../../access';
import { contract, failure, jsonBody, jsonContent } from '../../contract';
import { repositoryParams } from '../../params';
import { RepositoryMetadata, RepositoryMetadataKeys, RepositoryMetadataSet } from '../../wire';

const tags = ['repositories'];
const path = '/repositories/{repository}/metadata';

export const getRepositoryMetadata = contract({
  operationId: 'getRepositoryMetadata',
  method: 'get',
  path,
  tags,
  summary: 'The repository’s metadata',
  access: onRepo('fs:ReadRepository'),
  request: { params: repositoryParams },
  responses: { 200: jsonContent(RepositoryMetadata, 'The metadata map'), default: failure },
});

export const setRepositoryMetadata = contract({
  operationId: 'setRepositoryMetadata',
  method: 'post',
  path,
  tags,
  summary: 'Set metadata keys of the repository (others are kept)',
  access: onRepo('fs:UpdateRepository'),
  request: { params: repositoryParams, body: jsonBody(RepositoryMetadataSet) },
  responses: { 204: { description: 'Set' }, default: failure },
});

export const deleteRepositoryMetadata = contract({
  operationId: 'deleteRepositoryMetadata',
  method: 'delete',
  path,
  tags,
  summary: 'Delete metadata keys of the repository (absent keys are not an error)',
  access: onRepo('fs:UpdateRepository'),
  request: { params: repositoryParams, body: jsonBody(RepositoryMetadataKeys) },
  responses: { 204: { description: 'Deleted' }, default: failure },
});
