// Helpers for routes' validateSearch: unknown query values become typed, and empty ones disappear from the URL.

export function optionalString(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value !== '' ? value : undefined;
}
