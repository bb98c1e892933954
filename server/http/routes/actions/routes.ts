// Contracts of action runs: list runs, get a run, list its hook executions, read one execution's log.
import { z } from '@hono/zod-openapi';
import { onRepo } from '../../access';
import { contract, failure, jsonContent } from '../../contract';
import { repositoryParams } from '../../params';
import { pagingQuery, queryText } from '../../query';
import { ActionRun, ActionRunList, HookRunList } from '../../wire';

const tags = ['actions'];
const runs = '/repositories/{repository}/actions/runs';

const runParams = repositoryParams.extend({ run_id: z.string().min(1) });
const hookRunParams = runParams.extend({ hook_run_id: z.string().min(1) });
const paging = { after: pagingQuery.after, amount: pagingQuery.amount };

export const listRuns = contract({
  operationId: 'listRepositoryRuns',
  method: 'get',
  path: runs,
  tags,
  summary: 'List action runs, newest first',
  access: onRepo('ci:ReadAction'),
  request: {
    params: repositoryParams,
    query: z.object({
      ...paging,
      branch: queryText.openapi({ description: 'Only runs of this branch' }),
      commit: queryText.openapi({ description: 'Only runs of this commit' }),
    }),
  },
  responses: { 200: jsonContent(ActionRunList, 'A page of runs'), default: failure },
});

export const getRun = contract({
  operationId: 'getRun',
  method: 'get',
  path: `${runs}/{run_id}`,
  tags,
  summary: 'Get an action run',
  access: onRepo('ci:ReadAction'),
  request: { params: runParams },
  responses: { 200: jsonContent(ActionRun, 'The run'), default: failure },
});

export const listRunHooks = contract({
  operationId: 'listRunHooks',
  method: 'get',
  path: `${runs}/{run_id}/hooks`,
  tags,
  summary: 'List the hook executions of a run, by hook run id',
  access: onRepo('ci:ReadAction'),
  request: { params: runParams, query: z.object(paging) },
  responses: { 200: jsonContent(HookRunList, 'A page of hook executions'), default: failure },
});

export const getRunHookOutput = contract({
  operationId: 'getRunHookOutput',
  method: 'get',
  path: `${runs}/{run_id}/hooks/{hook_run_id}/output`,
  tags,
  summary: 'Read the log of a hook execution',
  access: onRepo('ci:ReadAction'),
  request: { params: hookRunParams },
  responses: {
    200: { description: 'The log text', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
    default: failure,
  },
});
