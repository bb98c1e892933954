// Contracts of tags: list, create, get, delete.
import { z } from '@hono/zod-openapi';
import { arn, bodyField, check, need, onRepo, param } from '../../access';
import { contract, failure, jsonBody, jsonContent } from '../../contract';
import { repositoryParams, tagParams } from '../../params';
import { pagingQuery, queryFlag } from '../../query';
import { Ref, RefList, TagCreation } from '../../wire';

const tags = ['tags'];
const tagPath = '/repositories/{repository}/tags/{tag}';

export const listTags = contract({
  operationId: 'listTags',
  method: 'get',
  path: '/repositories/{repository}/tags',
  tags,
  summary: 'List tags',
  access: onRepo('fs:ListTags'),
  request: { params: repositoryParams, query: z.object(pagingQuery) },
  responses: { 200: jsonContent(RefList, 'A page of tags'), default: failure },
});

export const createTag = contract({
  operationId: 'createTag',
  method: 'post',
  path: '/repositories/{repository}/tags',
  tags,
  summary: 'Create a tag at the commit a ref names',
  access: check((r) => need('fs:CreateTag', arn.tag(param(r, 'repository'), bodyField(r.body, 'id')))),
  request: { params: repositoryParams, body: jsonBody(TagCreation) },
  responses: { 201: jsonContent(Ref, 'The new tag'), default: failure },
});

export const getTag = contract({
  operationId: 'getTag',
  method: 'get',
  path: tagPath,
  tags,
  summary: 'Get a tag',
  access: check((r) => need('fs:ReadTag', arn.tag(param(r, 'repository'), param(r, 'tag')))),
  request: { params: tagParams },
  responses: { 200: jsonContent(Ref, 'The tag'), default: failure },
});

export const deleteTag = contract({
  operationId: 'deleteTag',
  method: 'delete',
  path: tagPath,
  tags,
  summary: 'Delete a tag',
  access: check((r) => need('fs:DeleteTag', arn.tag(param(r, 'repository'), param(r, 'tag')))),
  request: {
    params: tagParams,
    query: z.object({ force: queryFlag.openapi({ description: 'Write to a read-only repository too' }) }),
  },
  responses: { 204: { description: 'Deleted' }, default: failure },
});
