// Contract of the audit log's listing (Tarn's own call). Reading it takes a permission of its own,
// `auth:ReadAuditLog` (administrators have it through `auth:*`), since the log names every user's calls.
import { z } from '@hono/zod-openapi';
import { onAnything } from '../../access';
import { contract, failure, jsonContent } from '../../contract';
import { pagingQuery, queryText } from '../../query';
import { AuditRecordList } from '../../wire';

export const readAuditLogAction = 'auth:ReadAuditLog';

const time = (what: string) => queryText.openapi({ description: `${what} (RFC 3339, such as 2026-11-30T09:00:00Z)`, format: 'date-time' });

export const listAuditLog = contract({
  operationId: 'listAuditLog',
  method: 'get',
  path: '/audit',
  tags: ['audit'],
  summary: 'Changes, logins and refused calls, newest first',
  access: onAnything(readAuditLogAction),
  request: {
    query: z.object({
      after: pagingQuery.after.openapi({ description: 'The next_offset of the page before' }),
      amount: pagingQuery.amount,
      user: queryText.openapi({ description: 'Only calls of this user, or that tried this access key id' }),
      action: queryText.openapi({ description: 'Only calls checked for this action (fs:WriteObject), or of this operation (login)' }),
      repository: queryText.openapi({ description: 'Only calls about this repository' }),
      from: time('Only calls answered at or after this time'),
      to: time('Only calls answered at or before this time'),
    }),
  },
  responses: { 200: jsonContent(AuditRecordList, 'A page of records, newest first'), default: failure },
});
