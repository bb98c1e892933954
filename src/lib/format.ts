// Display rules shared by every screen (docs/behaviour.md, Conventions).

/** A commit id is shown by its first characters. */
export const SHORT_COMMIT_ID_LENGTH = 12;

const pad = (n: number) => String(n).padStart(2, '0');

/** MM/DD/YYYY HH:mm:ss in local time; a number is unix seconds, a string an ISO date. */
export function formatDate(value: number | string): string {
  const date = typeof value === 'number' ? new Date(value * 1000) : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return (
    `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

export function shortCommitId(id: string): string {
  return id.slice(0, SHORT_COMMIT_ID_LENGTH);
}

/** A count with thousands separators: 2,500. */
export function formatCount(n: number): string {
  // A whole number is grouped by hand: the first toLocaleString of a page loads the locale's data, milliseconds
  // that the listing's first render (its selection bar) would otherwise spend.
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** A count and its noun, singular for one: 1 path, 2,500 paths. */
export function formatCountOf(n: number, one: string, other: string): string {
  return `${formatCount(n)} ${n === 1 ? one : other}`;
}

/** A count of objects: 1 object, 2,500 objects. */
export function formatObjectCount(n: number): string {
  return formatCountOf(n, 'object', 'objects');
}

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB'] as const;

/** Human size with 1024-based units: 512 B, 1.5 KB, 20.0 MB. */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${bytes} B` : `${value.toFixed(1)} ${SIZE_UNITS[unit]}`;
}

const PICKER_MESSAGE_MAX = 60;
const PICKER_MESSAGE_CUT = 40;

/** Commit message as shown in ref pickers: long ones cut to 40 characters plus an ellipsis. */
export function commitMessageForPicker(message: string | undefined | null): string {
  if (!message) return 'repository epoch';
  return message.length > PICKER_MESSAGE_MAX ? `${message.slice(0, PICKER_MESSAGE_CUT)}…` : message;
}

export function commitMessage(message: string | undefined | null): string {
  return message ? message : '(No commit message)';
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

// Made on first use: creating the formatter costs milliseconds of every page's start, and few pages show such a date.
let relativeTimeFormat: Intl.RelativeTimeFormat | undefined;
function relativeTime(): Intl.RelativeTimeFormat {
  relativeTimeFormat ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  return relativeTimeFormat;
}

/** `seconds` from now (negative: ago) in the largest whole unit of a minute or more; undefined under a minute. */
function inLargestUnit(seconds: number): string | undefined {
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size) return relativeTime().format(Math.trunc(seconds / size), unit);
  }
  return undefined;
}

/** How long ago an ISO date was, in the largest whole unit: "3 hours ago", "yesterday"; "just now" under a minute. */
export function formatRelativeTime(value: string, now: number = Date.now()): string {
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return value;
  return inLargestUnit(Math.round((time - now) / 1000)) ?? 'just now';
}

/** How long ago a unix time was, as a glance at a history wants it: "3 days ago"; in seconds under a minute. */
export function formatRelativeUnixTime(unixSeconds: number, nowMs: number = Date.now()): string {
  const seconds = unixSeconds - nowMs / 1000;
  return inLargestUnit(seconds) ?? relativeTime().format(Math.trunc(seconds), 'second');
}
