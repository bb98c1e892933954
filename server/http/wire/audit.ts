// The audit log's records (Tarn's own; lakeFS keeps audit logs only in its Enterprise edition).
import { z } from '@hono/zod-openapi';
import { pageOf } from './common';

export const AuditRecord = z
  .object({
    time: z.string().openapi({ description: 'When the call was answered (RFC 3339, UTC, milliseconds)' }),
    user: z.string().optional().openapi({ description: 'The signed-in user' }),
    access_key_id: z.string().optional().openapi({ description: 'The access key id (or login name) tried by a caller who was not recognised' }),
    action: z.string().optional().openapi({ description: 'The permission action the call was checked for (fs:WriteObject)' }),
    resource: z.string().optional().openapi({ description: 'The ARN that permission named' }),
    operation: z.string().openapi({ description: "The call: the API's operationId, or s3:<operation> for the S3 gateway" }),
    method: z.string(),
    path: z.string().openapi({ description: 'The path, without its query' }),
    status: z.number().int(),
    client: z.string().optional().openapi({ description: 'The address the request came from' }),
    repository: z.string().optional(),
    request_id: z.string().optional().openapi({ description: 'The X-Request-ID the answer carried' }),
  })
  .openapi('AuditRecord');
export type AuditRecord = z.output<typeof AuditRecord>;

export const AuditRecordList = pageOf(AuditRecord, 'AuditRecordList');
export type AuditRecordList = z.output<typeof AuditRecordList>;
