// The audit log as CSV (RFC 4180): one header line, then a line per record, in the API's field names.
import type { AuditFilters } from '../../api/audit';
import type { AuditRecord } from '../../api/types';

export const AUDIT_CSV_COLUMNS = [
  'time',
  'user',
  'access_key_id',
  'action',
  'resource',
  'operation',
  'method',
  'path',
  'status',
  'client',
  'repository',
  'request_id',
] as const satisfies readonly (keyof AuditRecord)[];

/**
 * A cell: quoted when it holds a separator, a quote or a line break. A text that a spreadsheet would run as a formula
 * (`=`, `+`, `-`, `@`, a tab or a carriage return first) is prefixed with `'`: paths and names are chosen by users.
 */
export function csvCell(value: string | number | undefined): string {
  if (value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const auditCsvHeader = `${AUDIT_CSV_COLUMNS.join(',')}\r\n`;

/** The lines of some records, each ending with CRLF. */
export function auditCsvLines(records: readonly AuditRecord[]): string {
  return records.map((record) => `${AUDIT_CSV_COLUMNS.map((column) => csvCell(record[column])).join(',')}\r\n`).join('');
}

const safePart = (text: string) => text.replaceAll(/[^A-Za-z0-9._-]+/g, '_').slice(0, 40);

/** `audit-log-20261130-091500Z-repository-lake-user-ann.csv`: when it was exported (UTC), and the filters that name something. */
export function auditCsvName(filters: AuditFilters, now: Date): string {
  const stamp = now
    .toISOString()
    .replaceAll(/[-:]/g, '')
    .replace('T', '-')
    .replace(/\.\d+Z$/, 'Z');
  const named = (['repository', 'user', 'action'] as const).flatMap((key) => {
    const value = filters[key];
    return value === undefined ? [] : [`${key}-${safePart(value)}`];
  });
  return `${['audit-log', stamp, ...named].join('-')}.csv`;
}
