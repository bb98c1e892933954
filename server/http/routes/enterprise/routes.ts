// Contracts of the lakeFS Enterprise calls Tarn does not offer: asynchronous commit and merge, and the license.
// lakeFS itself answers them with 501 outside its Enterprise edition, and so does Tarn. Each is checked as its
// synchronous twin.
import { z } from '@hono/zod-openapi';
import { mergeAccess, onBranch, onRepo, signedIn } from '../../access';
import { contract, failure, jsonContent } from '../../contract';
import { branchId, branchParams, refValue, repositoryParams } from '../../params';
import { ErrorBody } from '../../wire';

const tags = ['enterprise'];
const responses = { 501: jsonContent(ErrorBody, 'Not implemented: a lakeFS Enterprise call'), default: failure };
const mergeParams = repositoryParams.extend({ sourceRef: refValue, destinationBranch: branchId });
const taskId = z.string();

export const commitAsync = contract({
  operationId: 'commitAsync',
  method: 'post',
  path: '/repositories/{repository}/branches/{branch}/commits/async',
  tags,
  summary: 'Commit asynchronously (lakeFS Enterprise)',
  access: onBranch('fs:CreateCommit'),
  request: { params: branchParams },
  responses,
});

export const commitAsyncStatus = contract({
  operationId: 'commitAsyncStatus',
  method: 'get',
  path: '/repositories/{repository}/branches/{branch}/commits/async/{id}/status',
  tags,
  summary: 'Status of an asynchronous commit (lakeFS Enterprise)',
  access: onBranch('fs:ReadBranch'),
  request: { params: branchParams.extend({ id: taskId }) },
  responses,
});

export const mergeIntoBranchAsync = contract({
  operationId: 'mergeIntoBranchAsync',
  method: 'post',
  path: '/repositories/{repository}/refs/{sourceRef}/merge/{destinationBranch}/async',
  tags,
  summary: 'Merge asynchronously (lakeFS Enterprise)',
  access: mergeAccess,
  request: { params: mergeParams },
  responses,
});

export const mergeIntoBranchAsyncStatus = contract({
  operationId: 'mergeIntoBranchAsyncStatus',
  method: 'get',
  path: '/repositories/{repository}/refs/{sourceRef}/merge/{destinationBranch}/async/{id}/status',
  tags,
  summary: 'Status of an asynchronous merge (lakeFS Enterprise)',
  access: onRepo('fs:ReadCommit'),
  request: { params: mergeParams.extend({ id: taskId }) },
  responses,
});

export const getLicense = contract({
  operationId: 'getLicense',
  method: 'get',
  path: '/license',
  tags,
  summary: 'The installation’s license (lakeFS Enterprise)',
  access: signedIn,
  responses,
});
