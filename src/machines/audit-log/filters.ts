// The audit log's filters as the form gives them and as the URL keeps them. The form's times are the browser's
// local date and minute (`datetime-local`); the URL holds RFC 3339 instants, so a shared address means the same
// records wherever it is opened.
import type { AuditFilters } from '../../api/audit';

/** The filter form's fields, as typed. */
export interface AuditFilterForm {
  user: string;
  action: string;
  repository: string;
  /** `YYYY-MM-DDTHH:mm`, local time, or ''. */
  from: string;
  to: string;
}

const localMinute = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const MINUTE = 60_000;

/** A local minute as an instant: the minute's first millisecond, or (`end`) its last, so "to 10:05" takes 10:05:30. */
function instantOf(local: string, end: boolean): number | undefined {
  if (!localMinute.test(local)) return undefined;
  const time = new Date(local).getTime();
  if (Number.isNaN(time)) return undefined;
  return end ? time + MINUTE - 1 : time;
}

/** The filters a form asks for, or what is wrong with it. */
export function filtersFromForm(form: AuditFilterForm): { filters: AuditFilters } | { error: string } {
  const text = (value: string) => (value.trim() === '' ? undefined : value.trim());
  const from = form.from === '' ? undefined : instantOf(form.from, false);
  const to = form.to === '' ? undefined : instantOf(form.to, true);
  if (form.from !== '' && from === undefined) return { error: 'The start time is not a date and time.' };
  if (form.to !== '' && to === undefined) return { error: 'The end time is not a date and time.' };
  if (from !== undefined && to !== undefined && from > to)
    return {
      error: 'The start time is after the end time: swap them or clear one.',
    };
  return {
    filters: {
      user: text(form.user),
      action: text(form.action),
      repository: text(form.repository),
      from: from === undefined ? undefined : new Date(from).toISOString(),
      to: to === undefined ? undefined : new Date(to).toISOString(),
    },
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An RFC 3339 instant as the form's local minute ('' when absent or not a time). */
export function localMinuteOf(iso: string | undefined): string {
  if (iso === undefined) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Whether any filter is in force (an empty log then says so, rather than that nothing was recorded). */
export function isFiltered(filters: AuditFilters): boolean {
  return Object.values(filters).some((value) => value !== undefined);
}

/** Only the filters given: the URL and the API take no empty ones. */
export function givenFilters(filters: AuditFilters): AuditFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)) as AuditFilters;
}
