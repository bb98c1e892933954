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

/** The SQL that reads the whole object. */
export function sourceQuery(format: DataFormat, address: LakefsAddress): string {
  const file = sqlString(formatLakefsAddress(address));
  if (format === 'parquet') return `SELECT * FROM READ_PARQUET(${file})`;
  // DuckDB reads '\t' as a tab.
  return `SELECT * FROM READ_CSV_AUTO(${file}${format === 'tsv' ? ", delim = '\\t'" : ''})`;
}

/** The query the preview opens with. */
export function openingQuery(format: DataFormat, address: LakefsAddress): string {
  return `${sourceQuery(format, address)} LIMIT ${SQL_PREVIEW_LIMIT}`;
}
