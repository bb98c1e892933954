// Key/value metadata as edited in a form (commit, merge, import): rows in order, validated as a whole.

export interface MetadataRow {
  /** Stable identity of the row while keys are edited. */
  id: number;
  key: string;
  value: string;
}

export const KEY_REQUIRED = 'Key is required';
export const KEY_DUPLICATE = 'Key already exists';

/** Error per row id: an empty key, or a key (compared trimmed) that an earlier row already uses. */
export function metadataErrors(rows: readonly MetadataRow[]): Record<number, string> {
  const errors: Record<number, string> = {};
  const seen = new Set<string>();
  for (const row of rows) {
    const key = row.key.trim();
    if (key === '') errors[row.id] = KEY_REQUIRED;
    else if (seen.has(key)) errors[row.id] = KEY_DUPLICATE;
    seen.add(key);
  }
  return errors;
}

/** The wire map of valid rows; call only when `metadataErrors` is empty, so no row is ever dropped. */
export function metadataRecord(rows: readonly MetadataRow[]): Record<string, string> {
  return Object.fromEntries(rows.map((row) => [row.key.trim(), row.value]));
}
