// The audit log's listing: the query's filters checked and turned into the log's, records into wire shapes.
import type { AuditFilter, AuditLog, AuditRecord } from '../../../audit';
import { badRequest } from '../../../errors';
import { normaliseAmount, pageJson } from '../../pagination';
import type { AppRouteHandler } from '../../router';
import type { AuditRecord as AuditRecordJson } from '../../wire';
import type * as routes from './routes';

/** A cursor this listing hands out: the record's time key and its sequence (see server/audit/audit-log.ts). */
const cursorPattern = /^\d{13}-[0-9a-f]{6,}$/;
/** RFC 3339 with a zone, as `Date` reads it without guessing a local time. */
const timePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function parseTime(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const time = timePattern.test(raw) ? Date.parse(raw) : Number.NaN;
  if (Number.isNaN(time)) {
    throw badRequest(`parameter "${name}" in query has an error: ${JSON.stringify(raw)} is not a time; give one such as 2026-11-30T09:00:00Z`);
  }
  return time;
}

function nonEmpty(name: string, raw: string | undefined): string | undefined {
  if (raw === '') throw badRequest(`parameter "${name}" in query has an error: empty value is not allowed`);
  return raw;
}

export function recordJson(record: AuditRecord): AuditRecordJson {
  return {
    time: new Date(record.time).toISOString(),
    ...(record.user !== undefined ? { user: record.user } : {}),
    ...(record.accessKeyId !== undefined ? { access_key_id: record.accessKeyId } : {}),
    ...(record.action !== undefined ? { action: record.action } : {}),
    ...(record.resource !== undefined ? { resource: record.resource } : {}),
    operation: record.operation,
    method: record.method,
    path: record.path,
    status: record.status,
    ...(record.client !== undefined ? { client: record.client } : {}),
    ...(record.repository !== undefined ? { repository: record.repository } : {}),
    ...(record.requestId !== undefined ? { request_id: record.requestId } : {}),
  };
}

export function auditHandlers(log: AuditLog) {
  const listAuditLog: AppRouteHandler<typeof routes.listAuditLog> = async (c) => {
    const q = c.req.valid('query');
    const after = q.after ?? '';
    if (after !== '' && !cursorPattern.test(after)) {
      throw badRequest(`parameter "after" in query has an error: ${JSON.stringify(after)} is not a next_offset this listing gave`);
    }
    const from = parseTime('from', q.from);
    const to = parseTime('to', q.to);
    if (from !== undefined && to !== undefined && from > to) {
      throw badRequest(`parameter "from" in query has an error: ${q.from} is after "to" (${q.to})`);
    }
    const user = nonEmpty('user', q.user);
    const action = nonEmpty('action', q.action);
    const repository = nonEmpty('repository', q.repository);
    const filter: AuditFilter = {
      ...(user !== undefined ? { user } : {}),
      ...(action !== undefined ? { action } : {}),
      ...(repository !== undefined ? { repository } : {}),
      ...(from !== undefined ? { from } : {}),
      ...(to !== undefined ? { to } : {}),
    };
    const page = await log.list(filter, normaliseAmount(q.amount), after);
    return c.json(pageJson({ results: page.records, hasMore: page.hasMore, nextOffset: page.nextOffset }, recordJson), 200);
  };
  return { listAuditLog };
}
