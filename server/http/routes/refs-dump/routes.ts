// Contracts of the dump and restore of a repository's refs (commits, tags, branches): at once (`refs/dump`,
// `refs/restore`), or as background tasks with a status to poll (`dump`, `restore`).
import { z } from '@hono/zod-openapi';
import { allOf, check, need, repositoryArn } from '../../access';
import { contract, failure, jsonBody, jsonContent } from '../../contract';
import { repositoryParams } from '../../params';
import { RefsDump, RefsRestore, RepositoryDumpStatus, RepositoryRestoreStatus, TaskInfo } from '../../wire';

const tags = ['refs'];
/** A dump reads every tag, branch and commit; a restore creates them. */
const dumping = check((r) => allOf(need('fs:ListTags', repositoryArn(r)), need('fs:ListBranches', repositoryArn(r)), need('fs:ListCommits', repositoryArn(r))));
const restoring = check((r) => allOf(need('fs:CreateTag', repositoryArn(r)), need('fs:CreateBranch', repositoryArn(r)), need('fs:CreateCommit', repositoryArn(r))));
const taskQuery = z.object({
  task_id: z.string({ message: 'task_id is required' }).min(1, { message: 'task_id is required' }).openapi({ description: 'The task submitted' }),
});

export const dumpRefs = contract({
  operationId: 'dumpRefs',
  method: 'put',
  path: '/repositories/{repository}/refs/dump',
  tags,
  summary: 'Dump the repository’s refs to its storage namespace',
  access: dumping,
  request: { params: repositoryParams },
  responses: { 201: jsonContent(RefsDump, 'The ids of the dump'), default: failure },
});

export const restoreRefs = contract({
  operationId: 'restoreRefs',
  method: 'put',
  path: '/repositories/{repository}/refs/restore',
  tags,
  summary: 'Restore a dump from the storage namespace into this bare repository',
  access: restoring,
  request: { params: repositoryParams, body: jsonBody(RefsRestore) },
  responses: { 200: { description: 'Restored' }, default: failure },
});

export const dumpSubmit = contract({
  operationId: 'dumpSubmit',
  method: 'post',
  path: '/repositories/{repository}/dump',
  tags,
  summary: 'Start a dump of the repository’s refs',
  access: dumping,
  request: { params: repositoryParams },
  responses: { 202: jsonContent(TaskInfo, 'The dump task'), default: failure },
});

export const dumpStatus = contract({
  operationId: 'dumpStatus',
  method: 'get',
  path: '/repositories/{repository}/dump',
  tags,
  summary: 'Status of a dump task',
  access: dumping,
  request: { params: repositoryParams, query: taskQuery },
  responses: { 200: jsonContent(RepositoryDumpStatus, 'The task’s status, with the dump once done'), default: failure },
});

export const restoreSubmit = contract({
  operationId: 'restoreSubmit',
  method: 'post',
  path: '/repositories/{repository}/restore',
  tags,
  summary: 'Start restoring a dump into this bare repository',
  access: restoring,
  request: { params: repositoryParams, body: jsonBody(RefsRestore) },
  responses: { 202: jsonContent(TaskInfo, 'The restore task'), default: failure },
});

export const restoreStatus = contract({
  operationId: 'restoreStatus',
  method: 'get',
  path: '/repositories/{repository}/restore',
  tags,
  summary: 'Status of a restore task',
  access: restoring,
  request: { params: repositoryParams, query: taskQuery },
  responses: { 200: jsonContent(RepositoryRestoreStatus, 'The task’s status'), default: failure },
});
