// Contracts of imports: start one (answered at once with its id, the work runs in the background), read its
// status, cancel it.
import { createRoute, z } from '@hono/zod-openapi';
import { failure, jsonBody, jsonContent } from '../../contract';
import { branchParams } from '../../params';
import { ImportCreation, ImportCreationResponse, ImportStatus } from '../../wire';

const tags = ['import'];
const path = '/repositories/{repository}/branches/{branch}/import';
const importQuery = z.object({
  id: z.string({ message: 'id is required' }).min(1, { message: 'id is required' }).openapi({ description: 'The import, as its start answered' }),
});

export const importStart = createRoute({
  operationId: 'importStart',
  method: 'post',
  path,
  tags,
  summary: 'Import objects from storage into the branch as one commit, without copying their data',
  request: { params: branchParams, body: jsonBody(ImportCreation) },
  responses: { 202: jsonContent(ImportCreationResponse, 'The import started'), default: failure },
});

export const importStatus = createRoute({
  operationId: 'importStatus',
  method: 'get',
  path,
  tags,
  summary: 'Status of an import',
  request: { params: branchParams, query: importQuery },
  responses: { 200: jsonContent(ImportStatus, 'Progress, then the commit or the failure'), default: failure },
});

export const importCancel = createRoute({
  operationId: 'importCancel',
  method: 'delete',
  path,
  tags,
  summary: 'Cancel a running import (409 once its commit is made)',
  request: { params: branchParams, query: importQuery },
  responses: { 204: { description: 'Cancelled' }, default: failure },
});
