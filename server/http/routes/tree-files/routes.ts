// Contracts of the locations of a repository's committed tree files (lakeFS's getMetaRange and getRange).
import { createRoute, z } from '@hono/zod-openapi';
import { failure, jsonContent } from '../../contract';
import { repositoryParams } from '../../params';
import { StorageURI } from '../../wire';

const tags = ['metadata'];
const located = {
  200: {
    ...jsonContent(StorageURI, 'Where the file is stored'),
    headers: z.object({ Location: z.string().openapi({ description: 'The same URI' }) }),
  },
  default: failure,
};

export const getMetaRange = createRoute({
  method: 'get',
  path: '/repositories/{repository}/metadata/meta_range/{meta_range}',
  tags,
  summary: 'Where a metarange is stored',
  request: { params: repositoryParams.extend({ meta_range: z.string() }) },
  responses: located,
});

export const getRange = createRoute({
  method: 'get',
  path: '/repositories/{repository}/metadata/range/{range}',
  tags,
  summary: 'Where a range is stored',
  request: { params: repositoryParams.extend({ range: z.string() }) },
  responses: located,
});
