// The data files the console reads with SQL (the viewer's preview and the row diff): parquet, csv and tsv,
// known by extension or content type, the query that reads each, and the one the preview opens with (docs/behaviour.md, Object viewer).
import { formatLakefsAddress, sqlString, type LakefsAddress } from './lakefs-address';

/** The default query reads the first rows only (docs/behaviour.md, Object viewer). */
export const SQL_PREVIEW_LIMIT = 20;

export type DataFormat = 'parquet' | 'csv' | 'tsv';

const FORMAT_BY_EXTENSION: Readonly<Record<string, DataFormat>> = { parquet: 'parquet', csv: 'csv', tsv: 'tsv' };

const FORMAT_BY_TYPE: Readonly<Record<string, DataFormat>> = {
  'application/vnd.apache.parquet': 'parquet',
  'application/x-parquet': 'parquet',
  'application/parquet': 'parquet',
  'text/csv': 'csv',
  'application/csv': 'csv',
  'text/tab-separated-values': 'tsv',
};

/** The data format of an object's extension. */
export function dataFormatOfExtension(extension: string): DataFormat | undefined {
  return FORMAT_BY_EXTENSION[extension];
}

/** The data format of a media type (lower case, without parameters). */
export function dataFormatOfType(mediaType: string): DataFormat | undefined {
  return FORMAT_BY_TYPE[mediaType];
}

/**
 * How a CSV or TSV file's first row is read: as column names (true), as data (false), or as DuckDB's sniffer decides
 * (undefined). Parquet has no such row.
 */
export type HeaderRow = boolean | undefined;

/** The table function that reads the object. */
function sourceTable(format: DataFormat, address: LakefsAddress, header: HeaderRow): string {
  const file = sqlString(formatLakefsAddress(address));
  if (format === 'parquet') return `READ_PARQUET(${file})`;
  // DuckDB reads '\t' as a tab. DuckDB 0.9's READ_CSV needs the columns listed; READ_CSV_AUTO is it with detection.
  const delim = format === 'tsv' ? ", delim = '\\t'" : '';
  return `READ_CSV_AUTO(${file}${delim}${header === undefined ? '' : `, header = ${header}`})`;
}

/** The SQL that reads the whole object. */
export function sourceQuery(format: DataFormat, address: LakefsAddress, header?: HeaderRow): string {
  return `SELECT * FROM ${sourceTable(format, address, header)}`;
}

/** The query the preview opens with. */
export function openingQuery(format: DataFormat, address: LakefsAddress, header?: HeaderRow): string {
  return `${sourceQuery(format, address, header)} LIMIT ${SQL_PREVIEW_LIMIT}`;
}

/** The query that counts the object's rows, as the opening query reads them (docs/behaviour.md, Object viewer). */
export function countQuery(format: DataFormat, address: LakefsAddress, header?: HeaderRow): string {
  return `SELECT count(*) AS n FROM ${sourceTable(format, address, header)}`;
}

/**
 * Whether DuckDB's sniffer took a CSV's first row as column names, from the names it gave the columns: without a
 * header it numbers them column0, column1, ... (column00, column01, ... from ten columns on).
 */
export function sniffedHeaderRow(columnNames: readonly string[]): boolean {
  return columnNames.length === 0 || !columnNames.every((name, i) => /^column\d+$/.test(name) && Number(name.slice('column'.length)) === i);
}
