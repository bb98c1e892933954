// DuckDB hands results over as Arrow. The preview shows each column with its DuckDB type name and each value as
// DuckDB's own shell prints it, so a result reads the same as the SQL that made it.
import { DataType, DateUnit, Precision, TimeUnit, type Field } from 'apache-arrow';

/** How a column is summarised and aligned. */
export type SqlColumnKind = 'number' | 'temporal' | 'text' | 'other';

export interface SqlColumn {
  name: string;
  /** The DuckDB type name (VARCHAR, BIGINT, DECIMAL(10,2), TIMESTAMP, INTEGER[] ...). */
  type: string;
  kind: SqlColumnKind;
}

/** A value as text; null stays null, so the view can tell NULL from the text 'NULL'. */
export type SqlCell = string | null;

const INT_NAMES: Record<number, [signed: string, unsigned: string]> = {
  8: ['TINYINT', 'UTINYINT'],
  16: ['SMALLINT', 'USMALLINT'],
  32: ['INTEGER', 'UINTEGER'],
  64: ['BIGINT', 'UBIGINT'],
};

const TIMESTAMP_NAMES: Record<TimeUnit, string> = {
  [TimeUnit.SECOND]: 'TIMESTAMP_S',
  [TimeUnit.MILLISECOND]: 'TIMESTAMP_MS',
  [TimeUnit.MICROSECOND]: 'TIMESTAMP',
  [TimeUnit.NANOSECOND]: 'TIMESTAMP_NS',
};

/** The DuckDB name of the type DuckDB gave a column as this Arrow type. */
export function duckdbTypeName(type: DataType): string {
  if (DataType.isNull(type)) return 'NULL';
  if (DataType.isBool(type)) return 'BOOLEAN';
  if (DataType.isInt(type)) return INT_NAMES[type.bitWidth]?.[type.isSigned ? 0 : 1] ?? String(type);
  if (DataType.isFloat(type)) return type.precision === Precision.DOUBLE ? 'DOUBLE' : 'FLOAT';
  if (DataType.isUtf8(type)) return 'VARCHAR';
  if (DataType.isBinary(type) || DataType.isFixedSizeBinary(type)) return 'BLOB';
  if (DataType.isDecimal(type)) return `DECIMAL(${type.precision},${type.scale})`;
  if (DataType.isDate(type)) return 'DATE';
  if (DataType.isTime(type)) return 'TIME';
  if (DataType.isTimestamp(type)) return type.timezone ? 'TIMESTAMP WITH TIME ZONE' : TIMESTAMP_NAMES[type.unit];
  if (DataType.isInterval(type)) return 'INTERVAL';
  if (DataType.isList(type) || DataType.isFixedSizeList(type)) return `${duckdbTypeName(childType(type, 0))}[]`;
  if (DataType.isStruct(type)) return `STRUCT(${type.children.map((f) => `${f.name} ${duckdbTypeName(f.type)}`).join(', ')})`;
  if (DataType.isMap(type)) {
    const entry = childType(type, 0);
    return `MAP(${duckdbTypeName(childType(entry, 0))}, ${duckdbTypeName(childType(entry, 1))})`;
  }
  // ENUM columns arrive dictionary-encoded; their values are text.
  if (DataType.isDictionary(type)) return duckdbTypeName(type.dictionary);
  return String(type);
}

function childType(type: DataType, index: number): DataType {
  const child: Field | undefined = type.children[index];
  if (!child) throw new Error(`the Arrow type ${String(type)} has no child ${index}`);
  return child.type;
}

export function columnKind(type: DataType): SqlColumnKind {
  if (DataType.isInt(type) || DataType.isFloat(type) || DataType.isDecimal(type)) return 'number';
  if (DataType.isDate(type) || DataType.isTimestamp(type)) return 'temporal';
  if (DataType.isUtf8(type) || DataType.isBool(type)) return 'text';
  if (DataType.isDictionary(type)) return columnKind(type.dictionary);
  return 'other';
}

export function sqlColumn(field: Field): SqlColumn {
  return { name: field.name, type: duckdbTypeName(field.type), kind: columnKind(field.type) };
}

const pad = (n: number | bigint, width = 2) => String(n).padStart(width, '0');

/** YYYY-MM-DD HH:MM:SS[.fff] of epoch milliseconds, in UTC (DuckDB's TIMESTAMP has no zone). */
function timestampText(ms: number): string {
  const iso = new Date(ms).toISOString();
  const fraction = iso.slice(20, 23);
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction === '000' ? '' : `.${fraction}`}`;
}

const TIME_UNITS_PER_SECOND: Record<TimeUnit, bigint> = {
  [TimeUnit.SECOND]: 1n,
  [TimeUnit.MILLISECOND]: 1_000n,
  [TimeUnit.MICROSECOND]: 1_000_000n,
  [TimeUnit.NANOSECOND]: 1_000_000_000n,
};

/** HH:MM:SS[.ffffff] of a time of day in the column's unit. */
function timeText(value: number | bigint, unit: TimeUnit): string {
  const perSecond = TIME_UNITS_PER_SECOND[unit];
  const total = BigInt(value);
  const seconds = total / perSecond;
  const fraction = total % perSecond;
  const clock = `${pad(seconds / 3600n)}:${pad((seconds / 60n) % 60n)}:${pad(seconds % 60n)}`;
  if (fraction === 0n) return clock;
  return `${clock}.${pad(fraction, String(perSecond).length - 1).replace(/0+$/, '')}`;
}

/** An unscaled decimal (Arrow gives the integer digits) with its point put back. */
function decimalText(unscaled: string, scale: number): string {
  if (scale <= 0) return unscaled;
  const negative = unscaled.startsWith('-');
  const digits = (negative ? unscaled.slice(1) : unscaled).padStart(scale + 1, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

function blobText(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) {
    text += byte >= 0x20 && byte < 0x7f && byte !== 0x5c ? String.fromCharCode(byte) : `\\x${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return text;
}

/** A value inside a list or struct: text is quoted there, as DuckDB prints it. */
function nestedText(value: unknown, type: DataType): string {
  const text = cellText(value, type);
  if (text === null) return 'NULL';
  return DataType.isUtf8(type) || (DataType.isDictionary(type) && DataType.isUtf8(type.dictionary)) ? `'${text}'` : text;
}

/** One value of a column of `type`, as text. */
export function cellText(value: unknown, type: DataType): SqlCell {
  if (value === null || value === undefined) return null;
  if (DataType.isDecimal(type)) return decimalText(String(value), type.scale);
  if (DataType.isTimestamp(type) && typeof value === 'number') return timestampText(value);
  if (DataType.isDate(type) && value instanceof Date) {
    return type.unit === DateUnit.DAY ? value.toISOString().slice(0, 10) : timestampText(value.getTime());
  }
  if (DataType.isTime(type) && (typeof value === 'number' || typeof value === 'bigint')) return timeText(value, type.unit);
  if (DataType.isDictionary(type)) return cellText(value, type.dictionary);
  if (value instanceof Uint8Array && (DataType.isBinary(type) || DataType.isFixedSizeBinary(type))) return blobText(value);
  if (DataType.isList(type) || DataType.isFixedSizeList(type)) {
    const item = childType(type, 0);
    return `[${Array.from(value as Iterable<unknown>, (v) => nestedText(v, item)).join(', ')}]`;
  }
  if (DataType.isStruct(type)) {
    const row = value as Record<string, unknown>;
    return `{${type.children.map((f) => `'${f.name}': ${nestedText(row[f.name], f.type)}`).join(', ')}}`;
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  // Maps, unions and intervals: Arrow's own text of them.
  return typeof (value as { toString?: unknown }).toString === 'function' ? String(value) : JSON.stringify(value);
}
