// The extensions that name data files, on their own (no imports): the build reads them too, to start the SQL engine
// on a data file's page before the console's JavaScript has loaded (vite.config.ts).

export type DataFormat = 'parquet' | 'csv' | 'tsv';

export const FORMAT_BY_EXTENSION: Readonly<Record<string, DataFormat>> = { parquet: 'parquet', csv: 'csv', tsv: 'tsv' };

/** The source of a regular expression matching the name of a data file, in any case. */
export const DATA_FILE_NAME_PATTERN = `\\.(${Object.keys(FORMAT_BY_EXTENSION).join('|')})$`;
