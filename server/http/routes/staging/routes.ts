// Contracts of presigned transfers: a staging location for one object and its link, and multipart uploads whose
// parts the client PUTs to presigned addresses (or has copied from another object). Any store gives a staging
// location and links it; the rest needs a block store clients can reach (S3), and answers 501 on others, as lakeFS
// answers without presigned multipart support. Each is a write of the object (fs:WriteObject).
import { z } from '@hono/zod-openapi';
import { allOf, arn, bodyField, check, need, objectArn, onObject } from '../../access';
import { contract, failure, jsonBody, jsonContent } from '../../contract';
import { branchParams } from '../../params';
import { queryFlag, queryInteger } from '../../query';
import {
  AbortPresignMultipartUpload,
  CompletePresignMultipartUpload,
  ErrorBody,
  ObjectStats,
  PresignMultipartUpload,
  StagingLocation,
  StagingMetadata,
  UploadPartCopyFrom,
  UploadPartFrom,
  UploadTo,
} from '../../wire';
import { objectPath } from '../objects/routes';

const tags = ['staging'];
const staging = '/repositories/{repository}/branches/{branch}/staging';

/** The calls that need presigning (and getPhysicalAddress with presign), on a repository whose store clients cannot reach. */
const unoffered = { 501: jsonContent(ErrorBody, 'The repository’s block store offers no presigned transfers (a local folder)') };

const uploadParams = branchParams.extend({
  uploadId: z.string().min(1).openapi({ description: 'The multipart upload, as its create call answered' }),
});

/** lakeFS numbers the parts it hands out one at a time from 1 to 1000. */
const partParams = uploadParams.extend({
  partNumber: z
    .string()
    .regex(/^\d+$/, { message: 'must be a whole number' })
    .transform(Number)
    .pipe(z.number().int().min(1, { message: 'must be at least 1' }).max(1000, { message: 'must be at most 1000' }))
    .openapi({ type: 'integer', minimum: 1, maximum: 1000 }),
});

export const getStagingLocation = contract({
  operationId: 'getPhysicalAddress',
  method: 'get',
  path: `${staging}/backing`,
  tags,
  summary: 'A fresh address in the repository’s storage for the client to upload one object to (presign: a PUT address)',
  access: onObject('fs:WriteObject'),
  request: {
    params: branchParams,
    query: z.object({ path: objectPath, presign: queryFlag.openapi({ description: 'Include a presigned PUT address' }) }),
  },
  responses: { 200: jsonContent(StagingLocation, 'Where to upload'), ...unoffered, default: failure },
});

export const linkPhysicalAddress = contract({
  operationId: 'linkPhysicalAddress',
  method: 'put',
  path: `${staging}/backing`,
  tags,
  summary: 'Link an object uploaded to a staging location to the path (If-None-Match: *, If-Match)',
  access: onObject('fs:WriteObject'),
  request: { params: branchParams, query: z.object({ path: objectPath }), body: jsonBody(StagingMetadata) },
  responses: { 200: jsonContent(ObjectStats, 'The linked object'), default: failure },
});

export const createPresignMultipartUpload = contract({
  operationId: 'createPresignMultipartUpload',
  method: 'post',
  path: `${staging}/pmpu`,
  tags,
  summary: 'Start a multipart upload with a presigned PUT address for each part',
  access: onObject('fs:WriteObject'),
  request: {
    params: branchParams,
    query: z.object({
      path: objectPath,
      parts: queryInteger().openapi({ description: 'How many parts (and presigned addresses), at most 10000' }),
    }),
  },
  responses: { 201: jsonContent(PresignMultipartUpload, 'The upload and its part addresses'), ...unoffered, default: failure },
});

export const completePresignMultipartUpload = contract({
  operationId: 'completePresignMultipartUpload',
  method: 'put',
  path: `${staging}/pmpu/{uploadId}`,
  tags,
  summary: 'Join the uploaded parts and link the object to the path',
  access: onObject('fs:WriteObject'),
  request: { params: uploadParams, query: z.object({ path: objectPath }), body: jsonBody(CompletePresignMultipartUpload) },
  responses: { 200: jsonContent(ObjectStats, 'The linked object'), ...unoffered, default: failure },
});

export const abortPresignMultipartUpload = contract({
  operationId: 'abortPresignMultipartUpload',
  method: 'delete',
  path: `${staging}/pmpu/{uploadId}`,
  tags,
  summary: 'Abort a multipart upload, dropping its parts',
  access: onObject('fs:WriteObject'),
  request: { params: uploadParams, query: z.object({ path: objectPath }), body: jsonBody(AbortPresignMultipartUpload) },
  responses: { 204: { description: 'Aborted' }, ...unoffered, default: failure },
});

export const uploadPart = contract({
  operationId: 'uploadPart',
  method: 'put',
  path: `${staging}/pmpu/{uploadId}/parts/{partNumber}`,
  tags,
  summary: 'A presigned PUT address for one more part of a multipart upload',
  access: onObject('fs:WriteObject'),
  request: { params: partParams, query: z.object({ path: objectPath }), body: jsonBody(UploadPartFrom) },
  responses: { 200: jsonContent(UploadTo, 'Where to PUT the part'), ...unoffered, default: failure },
});

export const uploadPartCopy = contract({
  operationId: 'uploadPartCopy',
  method: 'put',
  path: `${staging}/pmpu/{uploadId}/parts/{partNumber}/copy`,
  tags,
  summary: 'Write one part of a multipart upload from an object at a ref, or a byte range of it',
  // A part copied from another object also reads that object.
  access: check((r) => {
    const source = typeof r.body === 'object' && r.body !== null ? (r.body as Record<string, unknown>).copy_source : undefined;
    return allOf(need('fs:WriteObject', objectArn(r)), need('fs:ReadObject', arn.object(bodyField(source, 'repository'), bodyField(source, 'path'))));
  }),
  request: { params: partParams, query: z.object({ path: objectPath }), body: jsonBody(UploadPartCopyFrom) },
  responses: {
    204: {
      description: 'Copied; the part’s ETag, for the completion, is in the ETag header',
      headers: { ETag: { schema: { type: 'string' }, description: 'The part’s ETag' } },
    },
    ...unoffered,
    default: failure,
  },
});
