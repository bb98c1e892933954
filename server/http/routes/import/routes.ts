// Contracts of imports: start one (answered at once with its id, the work runs in the background), read its
// status, cancel it.
import { z } from '@hono/zod-openapi';
import { allOf, arn, bodyField, branchArn, check, need, objectArn, onBranch } from '../../access';
import { contract, failure, jsonBody, jsonContent } from '../../contract';
import { branchParams } from '../../params';
import { ImportCreation, ImportCreationResponse, ImportStatus } from '../../wire';

const tags = ['import'];
const path = '/repositories/{repository}/branches/{branch}/import';
const importQuery = z.object({
  id: z.string({ message: 'id is required' }).min(1, { message: 'id is required' }).openapi({ description: 'The import, as its start answered' }),
});

/** The `paths` of an import's body: its sources and destinations ('' for what is missing; the schema refuses it next). */
function importPaths(body: unknown): { path: string; destination: string }[] {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).paths : undefined;
  return Array.isArray(value) ? value.map((p: unknown) => ({ path: bodyField(p, 'path'), destination: bodyField(p, 'destination') })) : [];
}

export const importStart = contract({
  operationId: 'importStart',
  method: 'post',
  path,
  tags,
  summary: 'Import objects from storage into the branch as one commit, without copying their data',
  // Importing writes objects and a commit on the branch, and reads each source's storage, as lakeFS requires: the right
  // to import from that location (`fs:ImportFromStorage` on its namespace ARN) is kept for administrators by default.
  access: check((r) =>
    allOf(
      need('fs:WriteObject', branchArn(r)),
      need('fs:CreateCommit', branchArn(r)),
      ...importPaths(r.body).flatMap((p) => [need('fs:ImportFromStorage', arn.namespace(p.path)), need('fs:WriteObject', objectArn(r, p.destination))]),
    ),
  ),
  request: { params: branchParams, body: jsonBody(ImportCreation) },
  responses: { 202: jsonContent(ImportCreationResponse, 'The import started'), default: failure },
});

export const importStatus = contract({
  operationId: 'importStatus',
  method: 'get',
  path,
  tags,
  summary: 'Status of an import',
  access: onBranch('fs:ReadBranch'),
  request: { params: branchParams, query: importQuery },
  responses: { 200: jsonContent(ImportStatus, 'Progress, then the commit or the failure'), default: failure },
});

export const importCancel = contract({
  operationId: 'importCancel',
  method: 'delete',
  path,
  tags,
  summary: 'Cancel a running import (409 once its commit is made)',
  access: onBranch('fs:ImportCancel'),
  request: { params: branchParams, query: importQuery },
  responses: { 204: { description: 'Cancelled' }, default: failure },
});
