// Contracts of lakeFS's garbage-collection preparation: the commits file of a run (at once, or as a task with a
// status to poll) and the listing of staged data, paged by a continuation token. `prepare_uncommited` is lakeFS's
// spelling.
import { z } from '@hono/zod-openapi';
import { onRepo } from '../../access';
import { contract, failure, jsonBody, jsonContent } from '../../contract';
import { repositoryParams } from '../../params';
import {
  GarbageCollectionPrepareResponse,
  PrepareGarbageCollectionCommitsStatus,
  PrepareGCUncommittedRequest,
  PrepareGCUncommittedResponse,
  TaskInfo,
} from '../../wire';

const tags = ['retention'];
const gcPath = '/repositories/{repository}/gc';

export const prepareGarbageCollectionCommits = contract({
  operationId: 'prepareGarbageCollectionCommits',
  method: 'post',
  path: `${gcPath}/prepare_commits`,
  tags,
  summary: 'Write the commits file of a GC run: every commit, expired or not by the GC rules',
  access: onRepo('retention:PrepareGarbageCollectionCommits'),
  request: { params: repositoryParams },
  responses: { 201: jsonContent(GarbageCollectionPrepareResponse, 'Where the run’s files are'), default: failure },
});

export const prepareGarbageCollectionCommitsAsync = contract({
  operationId: 'prepareGarbageCollectionCommitsAsync',
  method: 'post',
  path: `${gcPath}/prepare_commits/async`,
  tags,
  summary: 'Start writing the commits file of a GC run',
  access: onRepo('retention:PrepareGarbageCollectionCommits'),
  request: { params: repositoryParams },
  responses: { 202: jsonContent(TaskInfo, 'The task'), default: failure },
});

export const prepareGarbageCollectionCommitsStatus = contract({
  operationId: 'prepareGarbageCollectionCommitsStatus',
  method: 'get',
  path: `${gcPath}/prepare_commits/status`,
  tags,
  summary: 'Status of a task writing the commits file of a GC run',
  access: onRepo('retention:PrepareGarbageCollectionCommits'),
  request: {
    params: repositoryParams,
    query: z.object({
      id: z.string({ message: 'id is required' }).min(1, { message: 'id is required' }).openapi({ description: 'The task submitted' }),
    }),
  },
  responses: {
    200: jsonContent(PrepareGarbageCollectionCommitsStatus, 'The task’s status, with the run’s locations once done'),
    default: failure,
  },
});

export const prepareGarbageCollectionUncommitted = contract({
  operationId: 'prepareGarbageCollectionUncommitted',
  method: 'post',
  path: `${gcPath}/prepare_uncommited`,
  tags,
  summary: 'Write the next part of a GC run’s listing of staged data',
  access: onRepo('retention:PrepareGarbageCollectionUncommitted'),
  request: { params: repositoryParams, body: jsonBody(PrepareGCUncommittedRequest, { required: false }) },
  responses: { 201: jsonContent(PrepareGCUncommittedResponse, 'Where the run’s parts are, and how to go on'), default: failure },
});
