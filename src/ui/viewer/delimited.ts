// CSV and TSV read from a prefix of the file: quoted fields ("" for a quote inside), line breaks inside quotes,
// CRLF, LF or CR line ends, blank lines skipped. When the text is only the start of the file, the last record may
// be cut short, so it is dropped.

export interface DelimitedParseOptions {
  delimiter: string;
  /** Stop after this many records. */
  maxRecords: number;
  /** False when `text` is only the start of the file. */
  complete: boolean;
}

export interface DelimitedPrefix {
  records: string[][];
  /** The file has records after the ones returned. */
  more: boolean;
}

const QUOTE = '"';

export function parseDelimited(text: string, { delimiter, maxRecords, complete }: DelimitedParseOptions): DelimitedPrefix {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let fieldStarted = false;
  let quoted = false;
  let i = 0;

  const endField = () => {
    record.push(field);
    field = '';
    fieldStarted = false;
  };
  const endRecord = () => {
    endField();
    const blank = record.length === 1 && record[0] === '';
    if (!blank) records.push(record);
    record = [];
  };

  while (i < source.length) {
    const c = source[i]!;
    if (quoted) {
      if (c !== QUOTE) {
        // Copy up to the next quote at once: quoted stretches can be long.
        const next = source.indexOf(QUOTE, i);
        const end = next === -1 ? source.length : next;
        field += source.slice(i, end);
        i = end;
      } else if (source[i + 1] === QUOTE) {
        field += QUOTE;
        i += 2;
      } else {
        quoted = false;
        i += 1;
      }
      continue;
    }
    if (c === QUOTE && !fieldStarted) {
      quoted = true;
      fieldStarted = true;
      i += 1;
    } else if (c === delimiter) {
      endField();
      i += 1;
    } else if (c === '\n' || c === '\r') {
      endRecord();
      i += c === '\r' && source[i + 1] === '\n' ? 2 : 1;
      if (records.length === maxRecords) return { records, more: !complete || hasRecordAfter(source, i) };
    } else {
      // A quote inside an unquoted field is an ordinary character.
      field += c;
      fieldStarted = true;
      i += 1;
    }
  }

  // The loop returns on reaching maxRecords, so one last record still fits.
  if (!complete) return { records, more: true };
  if (quoted || fieldStarted || record.length > 0) endRecord();
  return { records, more: false };
}

/** Whether anything but line ends follows (blank lines are not records). */
function hasRecordAfter(text: string, from: number): boolean {
  return /[^\r\n]/.test(text.slice(from));
}

/** The field delimiter of a data file by its extension: tab for .tsv, comma otherwise. */
export function delimiterFor(path: string): string {
  return path.toLowerCase().endsWith('.tsv') ? '\t' : ',';
}
