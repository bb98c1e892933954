// Contracts of a repository's committed tree files: where they are stored (lakeFS's getMetaRange and getRange), and
// their bytes (getMetadataObject).
import { z } from '@hono/zod-openapi';
import { onRepo } from '../../access';
import { contract, failure, jsonContent } from '../../contract';
import { repositoryParams } from '../../params';
import { queryFlag } from '../../query';
import { StorageURI } from '../../wire';

const tags = ['metadata'];
const located = {
  200: {
    ...jsonContent(StorageURI, 'Where the file is stored'),
    headers: z.object({ Location: z.string().openapi({ description: 'The same URI' }) }),
  },
  default: failure,
};

export const getMetaRange = contract({
  operationId: 'getMetaRange',
  method: 'get',
  path: '/repositories/{repository}/metadata/meta_range/{meta_range}',
  tags,
  summary: 'Where a metarange is stored',
  access: onRepo('fs:ListObjects'),
  request: { params: repositoryParams.extend({ meta_range: z.string() }) },
  responses: located,
});

export const getRange = contract({
  operationId: 'getRange',
  method: 'get',
  path: '/repositories/{repository}/metadata/range/{range}',
  tags,
  summary: 'Where a range is stored',
  access: onRepo('fs:ListObjects'),
  request: { params: repositoryParams.extend({ range: z.string() }) },
  responses: located,
});

export const getMetadataObject = contract({
  operationId: 'getMetadataObject',
  method: 'get',
  path: '/repositories/{repository}/metadata/object/{type}/{object_id}',
  tags,
  summary: 'The bytes of a range or metarange file',
  access: onRepo('fs:ListObjects'),
  request: {
    params: repositoryParams.extend({
      type: z.enum(['range', 'meta_range'], { message: 'type must be range or meta_range' }),
      object_id: z.string().openapi({ description: 'The file’s id: 64 hex digits' }),
    }),
    query: z.object({ presign: queryFlag.openapi({ description: 'Accepted for lakeFS clients; Tarn never presigns' }) }),
  },
  responses: {
    200: { description: 'The file', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
    default: failure,
  },
});
