// JSON Lines (.jsonl, .ndjson): one JSON value per line. The viewer shows the first records as a table whose columns
// are the union of their keys, counts every line and record, and names the lines that are not JSON.

/** A record as shown: its line number (from 1) and its value. */
export interface JsonlRecord {
  line: number;
  value: unknown;
}

export interface JsonlBadLine {
  line: number;
  message: string;
}

export interface JsonlPreview {
  /** The keys of the records shown, in the order they first appear; VALUE_COLUMN when some record is no object. */
  columns: string[];
  records: JsonlRecord[];
  /** Lines in the file, blank ones included (a final line break ends the last line, it starts none). */
  lineCount: number;
  /** Lines holding a JSON value. */
  recordCount: number;
  /** The first lines that could not be read. */
  badLines: JsonlBadLine[];
  badLineCount: number;
}

/** The column of records that are not objects (an array, a number, a string). */
export const VALUE_COLUMN = '(value)';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function parseJsonl(text: string, { maxRecords, maxBadLines }: { maxRecords: number; maxBadLines: number }): JsonlPreview {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const lines = source.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  const records: JsonlRecord[] = [];
  const columns = new Set<string>();
  const badLines: JsonlBadLine[] = [];
  let recordCount = 0;
  let badLineCount = 0;
  lines.forEach((raw, index) => {
    if (raw.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      badLineCount += 1;
      if (badLines.length < maxBadLines) badLines.push({ line: index + 1, message: error instanceof Error ? error.message : String(error) });
      return;
    }
    recordCount += 1;
    if (records.length >= maxRecords) return;
    records.push({ line: index + 1, value });
    if (isObject(value)) for (const key of Object.keys(value)) columns.add(key);
    else columns.add(VALUE_COLUMN);
  });
  return { columns: [...columns], records, lineCount: lines.length, recordCount, badLines, badLineCount };
}

/** A record's cell in a column: text as is, other JSON values written out, nothing when the record lacks the key. */
export function jsonlCell(value: unknown, column: string): string | undefined {
  const cell = isObject(value) ? (Object.hasOwn(value, column) ? value[column] : undefined) : column === VALUE_COLUMN ? value : undefined;
  if (cell === undefined) return undefined;
  return typeof cell === 'string' ? cell : JSON.stringify(cell);
}
