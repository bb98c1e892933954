// Contracts of Tarn's storage insights: what a ref holds under a prefix, by child (lakeFS has no such call).
import { z } from '@hono/zod-openapi';
import { onRepo } from '../../access';
import { contract, failure, jsonContent } from '../../contract';
import { refParams } from '../../params';
import { pagingQuery, queryDelimiter } from '../../query';
import { PrefixUsage } from '../../wire';

const tags = ['insights'];

export const getUsage = contract({
  operationId: 'getUsage',
  method: 'get',
  path: '/repositories/{repository}/refs/{ref}/usage',
  tags,
  summary: 'Objects and bytes under each child of a prefix (Tarn’s storage insights)',
  // What it reveals is what a listing of the prefix shows.
  access: onRepo('fs:ListObjects'),
  request: {
    params: refParams,
    query: z.object({
      prefix: pagingQuery.prefix,
      delimiter: queryDelimiter.openapi({ description: 'Children end at the next one of these after the prefix (default "/"); empty: the totals only' }),
      amount: pagingQuery.amount.openapi({ description: 'Children answered, largest first: 100 when 0 or less, at most 1000' }),
    }),
  },
  responses: {
    200: jsonContent(
      PrefixUsage,
      'The totals under the prefix and its largest children (common prefixes one level down and objects directly under it), largest first, with what the rest hold; on a branch its staged changes are counted in, and summed on their own',
    ),
    default: failure,
  },
});
