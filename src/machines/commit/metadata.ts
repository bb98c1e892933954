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

/** The form's edits of its metadata rows, the same events in every flow that has them. */
export type MetadataEvent =
  | { type: 'metadata.add' }
  | { type: 'metadata.remove'; id: number }
  | { type: 'metadata.change'; id: number; field: 'key' | 'value'; value: string };

/** A form's metadata rows, and the id the next added row takes. */
export interface MetadataForm {
  metadata: MetadataRow[];
  nextRowId: number;
}

/** The form's rows after one edit. */
export function editMetadata({ metadata, nextRowId }: MetadataForm, event: MetadataEvent): MetadataForm {
  switch (event.type) {
    case 'metadata.add':
      return { metadata: [...metadata, { id: nextRowId, key: '', value: '' }], nextRowId: nextRowId + 1 };
    case 'metadata.remove':
      return { metadata: metadata.filter((row) => row.id !== event.id), nextRowId };
    case 'metadata.change':
      return { metadata: metadata.map((row) => (row.id === event.id ? { ...row, [event.field]: event.value } : row)), nextRowId };
  }
}
