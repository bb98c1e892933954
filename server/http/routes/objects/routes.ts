// Contracts of objects: list, read (GET/HEAD with ranges and ETags), stat, upload (multipart or raw, streamed),
// delete, bulk delete, the upload preflight, copy, rewriting user metadata, linking data already in the namespace,
// the block store's properties of an object, and Hive symlink manifests of a branch. Object data travels as bytes,
// never through a JSON schema.
import { z } from '@hono/zod-openapi';
import { allOf, bodyField, check, need, objectArn, onObject, onRepo, signedIn } from '../../access';
import { contract, failure, jsonBody, jsonContent } from '../../contract';
import { branchParams, refParams } from '../../params';
import { pagingQuery, queryDelimiter, queryFlag, queryText } from '../../query';
import {
  ErrorBody,
  FoundObjectList,
  ObjectCopyCreation,
  ObjectErrorList,
  ObjectStageCreation,
  ObjectStats,
  ObjectStatsList,
  PathList,
  StorageURI,
  UnderlyingObjectProperties,
  UpdateObjectUserMetadata,
} from '../../wire';

const tags = ['objects'];
const refObjects = '/repositories/{repository}/refs/{ref}/objects';
const branchObjects = '/repositories/{repository}/branches/{branch}/objects';

const binary = { type: 'string', format: 'binary' } as const;
export const objectPath = z
  .string({ message: 'path is required' })
  .min(1, { message: 'path is required' })
  .openapi({ description: 'The object’s path in the repository' });
const presign = queryFlag.openapi({ description: 'A presigned address of the data, when the block store offers them (S3)' });
const userMetadata = queryFlag.openapi({ description: 'Include user metadata (default true)' });
const force = queryFlag.openapi({ description: 'Write to a read-only repository too' });
// lakeFS's experimental flag: a tombstone of a path that only ever was staged changes nothing in Tarn's listings
// and diffs, so the flag is read (and refused when malformed) but changes nothing.
const noTombstone = queryFlag.openapi({ description: 'Accepted as lakeFS takes it; a tombstone of a path never committed changes nothing' });

export const listObjects = contract({
  operationId: 'listObjects',
  method: 'get',
  path: `${refObjects}/ls`,
  tags,
  summary: 'List objects and common prefixes',
  access: onRepo('fs:ListObjects'),
  request: {
    params: refParams,
    query: z.object({
      ...pagingQuery,
      delimiter: queryDelimiter,
      user_metadata: userMetadata,
      presign,
    }),
  },
  responses: { 200: jsonContent(ObjectStatsList, 'A page of objects and common prefixes'), default: failure },
});

export const findObjects = contract({
  operationId: 'findObjects',
  method: 'get',
  path: `${refObjects}/find`,
  tags,
  summary: 'Find objects whose path holds the letters of a text in order, in any case (Tarn’s file finder)',
  access: onRepo('fs:ListObjects'),
  request: {
    params: refParams,
    query: z.object({
      q: z
        .string({ message: 'q is required' })
        .min(1, { message: 'q is required' })
        .max(1024, { message: 'q must be at most 1024 characters' })
        .openapi({ description: 'The letters the path must hold in order, in any case; spaces are ignored' }),
      after: pagingQuery.after,
      amount: pagingQuery.amount,
    }),
  },
  responses: {
    200: jsonContent(
      FoundObjectList,
      'The next matching objects in path order, best first: a run of the letters, then letters that start a folder, a word or the name, in the name, close together, in a shorter path; next_offset is the last of them in path order, and a page cut short by the time budget has more with next_offset the last path looked at',
    ),
    default: failure,
  },
});

const readObjectContract = {
  path: refObjects,
  tags,
  request: { params: refParams, query: z.object({ path: objectPath, presign }) },
  responses: {
    200: { description: 'The object', content: { 'application/octet-stream': { schema: binary } } },
    206: { description: 'The requested byte range', content: { 'application/octet-stream': { schema: binary } } },
    302: { description: 'With presign: the data is at the presigned address in Location' },
    304: { description: 'Not modified (If-None-Match)' },
    416: jsonContent(ErrorBody, 'The range is outside the object'),
    default: failure,
  },
};

export const getObject = contract({
  operationId: 'getObject',
  method: 'get',
  summary: 'Read an object (Range, If-None-Match; presign redirects)',
  access: onObject('fs:ReadObject'),
  ...readObjectContract,
});

/** Published only: Hono answers HEAD with the GET route, without the body (so never with one, as lakeFS). */
export const headObject = contract({
  operationId: 'headObject',
  method: 'head',
  path: refObjects,
  tags,
  summary: 'Read an object’s headers',
  access: onObject('fs:ReadObject'),
  request: { params: refParams, query: z.object({ path: objectPath }) },
  responses: {
    200: { description: 'The object’s headers' },
    206: { description: 'The headers of the requested byte range' },
    default: failure,
  },
});

export const statObject = contract({
  operationId: 'statObject',
  method: 'get',
  path: `${refObjects}/stat`,
  tags,
  summary: 'Object metadata',
  access: onObject('fs:ReadObject'),
  request: { params: refParams, query: z.object({ path: objectPath, user_metadata: userMetadata, presign }) },
  responses: { 200: jsonContent(ObjectStats, 'The object’s stats'), default: failure },
});

export const uploadObject = contract({
  operationId: 'uploadObject',
  method: 'post',
  path: branchObjects,
  tags,
  summary: 'Upload an object (multipart field `content`, or the raw body)',
  access: onObject('fs:WriteObject'),
  request: {
    params: branchParams,
    query: z.object({
      path: objectPath,
      storageClass: queryText.openapi({ description: 'Accepted for lakeFS clients; ignored' }),
      force,
    }),
    // Streamed to the block store as it arrives: described here, never parsed by a schema.
    body: {
      required: true,
      content: {
        'multipart/form-data': { schema: { type: 'object', properties: { content: binary }, required: ['content'] } },
        '*/*': { schema: binary },
      },
    },
  },
  responses: { 201: jsonContent(ObjectStats, 'The stored object'), default: failure },
});

export const deleteObject = contract({
  operationId: 'deleteObject',
  method: 'delete',
  path: branchObjects,
  tags,
  summary: 'Delete an object (absent paths are not an error)',
  access: onObject('fs:DeleteObject'),
  request: { params: branchParams, query: z.object({ path: objectPath, force, no_tombstone: noTombstone }) },
  responses: { 204: { description: 'Deleted' }, default: failure },
});

export const deleteObjects = contract({
  operationId: 'deleteObjects',
  method: 'post',
  path: `${branchObjects}/delete`,
  tags,
  summary: 'Delete up to 1000 objects',
  // Each path is authorised by the handler, which reports a refused one among the errors, as lakeFS does.
  access: signedIn,
  request: { params: branchParams, query: z.object({ force, no_tombstone: noTombstone }), body: jsonBody(PathList) },
  responses: { 200: jsonContent(ObjectErrorList, 'The paths that could not be deleted'), default: failure },
});

export const stageAllowed = contract({
  operationId: 'uploadObjectPreflight',
  method: 'get',
  path: `${branchObjects}/stage_allowed`,
  tags,
  summary: 'Whether the caller may upload to this path (204)',
  access: onObject('fs:WriteObject'),
  request: { params: branchParams, query: z.object({ path: objectPath }) },
  responses: { 204: { description: 'Allowed' }, default: failure },
});

export const copyObject = contract({
  operationId: 'copyObject',
  method: 'post',
  path: `${branchObjects}/copy`,
  tags,
  summary: 'Copy an object from any ref to a path of the branch (shallow: share its data)',
  // A copy reads its source and writes its destination.
  access: check((r) =>
    allOf(need('fs:ReadObject', objectArn(r, bodyField(r.body, 'src_path'))), need('fs:WriteObject', objectArn(r, r.query('dest_path') ?? ''))),
  ),
  request: {
    params: branchParams,
    query: z.object({ dest_path: objectPath.openapi({ description: 'Where the copy goes in the branch' }) }),
    body: jsonBody(ObjectCopyCreation),
  },
  responses: { 201: jsonContent(ObjectStats, 'The copy'), default: failure },
});

export const updateObjectUserMetadata = contract({
  operationId: 'updateObjectUserMetadata',
  method: 'put',
  path: `${branchObjects}/stat/user_metadata`,
  tags,
  summary: 'Replace the user metadata of an object on the branch',
  access: onObject('fs:WriteObject'),
  request: { params: branchParams, query: z.object({ path: objectPath }), body: jsonBody(UpdateObjectUserMetadata) },
  responses: { 201: { description: 'Updated' }, default: failure },
});

export const stageObject = contract({
  operationId: 'stageObject',
  method: 'put',
  path: branchObjects,
  tags,
  deprecated: true,
  summary: 'Link data already in the repository’s storage namespace to a path of the branch',
  access: onObject('fs:WriteObject'),
  request: { params: branchParams, query: z.object({ path: objectPath }), body: jsonBody(ObjectStageCreation) },
  responses: { 201: jsonContent(ObjectStats, 'The staged object'), default: failure },
});

export const getUnderlyingProperties = contract({
  operationId: 'getUnderlyingProperties',
  method: 'get',
  path: `${refObjects}/underlyingProperties`,
  tags,
  summary: 'How the block store keeps an object’s data (its storage class)',
  access: onObject('fs:ReadObject'),
  request: { params: refParams, query: z.object({ path: objectPath }) },
  responses: { 200: jsonContent(UnderlyingObjectProperties, 'The object’s properties in the block store'), default: failure },
});

export const createSymlinkFile = contract({
  operationId: 'createSymlinkFile',
  method: 'post',
  path: '/repositories/{repository}/refs/{branch}/symlink',
  tags,
  summary: 'Write Hive symlink manifests of the branch’s objects to the storage namespace',
  access: check((r) => need('fs:WriteObject', objectArn(r, r.query('location') ?? ''))),
  request: {
    params: branchParams,
    query: z.object({ location: queryText.openapi({ description: 'Only objects under this path prefix' }) }),
  },
  responses: {
    201: jsonContent(StorageURI, 'The folder of the manifests: `<repository>/<branch>/<directory>/symlink.txt` below it'),
    default: failure,
  },
});
