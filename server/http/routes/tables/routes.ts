// Contracts of a ref's tables. Reading a table reads its log's objects, so the caller needs to list the repository
// and read the table's folder (fs:ReadObject on `<path>/`); a listing passes over the tables the caller may not read.
import { z } from '@hono/zod-openapi';
import { allOf, arn, check, need, onRepo, param, repositoryArn } from '../../access';
import { contract, failure, jsonContent } from '../../contract';
import { refParams } from '../../params';
import { pagingQuery } from '../../query';
import { ErrorBody, TableDetail, TableList } from '../../wire';

const tags = ['tables'];
const refTables = '/repositories/{repository}/refs/{ref}/tables';

/** The resource a table's reads are checked on: its folder, as a policy on objects names it. */
export const tableArn = (repository: string, path: string): string => arn.object(repository, path === '' ? '' : `${path.replace(/\/+$/, '')}/`);

export const listTables = contract({
  operationId: 'listTables',
  method: 'get',
  path: refTables,
  tags,
  summary: 'List the Delta Lake and Iceberg tables of a ref',
  access: onRepo('fs:ListObjects'),
  request: { params: refParams, query: z.object({ after: pagingQuery.after, amount: pagingQuery.amount }) },
  responses: {
    200: jsonContent(TableList, 'A page of tables in the order of their folders; next_offset is the path of the last'),
    default: failure,
  },
});

export const describeTable = contract({
  operationId: 'describeTable',
  method: 'get',
  path: `${refTables}/describe`,
  tags,
  summary: 'A table’s schema, history and current data files',
  access: check((r) => allOf(need('fs:ListObjects', repositoryArn(r)), need('fs:ReadObject', tableArn(param(r, 'repository'), r.query('path') ?? '')))),
  request: {
    params: refParams,
    query: z.object({
      path: z.string({ message: 'path is required' }).openapi({ description: 'The table’s folder (\'\' for a table at the root)' }),
    }),
  },
  responses: {
    200: jsonContent(TableDetail, 'The table'),
    404: jsonContent(ErrorBody, 'No table at the path'),
    422: jsonContent(ErrorBody, 'The table’s log is broken: the message names the file'),
    default: failure,
  },
});
