// SQL over a table's current snapshot: DuckDB reads the Parquet data files its log names, each as the `lakefs://`
// address the engine registers and reads with range requests, so a table is read as any object is (offline, no
// DuckDB extension).
import { SQL_PREVIEW_LIMIT } from './data-format';
import { formatLakefsAddress, sqlString } from './lakefs-address';

export interface TableSnapshot {
  repo: string;
  ref: string;
  /** The data files' paths in the repository. */
  files: readonly string[];
}

/** READ_PARQUET over files DuckDB knows by these names; none reads as no rows and no columns. */
export function parquetFilesTable(names: readonly string[]): string {
  if (names.length === 0) return '(SELECT NULL AS no_data_files WHERE FALSE)';
  // union_by_name: files written before a column was added lack it, and read as NULL there.
  return `READ_PARQUET([${names.map(sqlString).join(', ')}], union_by_name = true)`;
}

const sourceTable = ({ repo, ref, files }: TableSnapshot): string => parquetFilesTable(files.map((path) => formatLakefsAddress({ repo, ref, path })));

/** Every row of the snapshot. */
export const tableSourceQuery = (snapshot: TableSnapshot): string => `SELECT * FROM ${sourceTable(snapshot)}`;

/** The query the table's SQL opens with: its first rows. */
export const tableOpeningQuery = (snapshot: TableSnapshot): string => `${tableSourceQuery(snapshot)} LIMIT ${SQL_PREVIEW_LIMIT}`;

/** The count of the snapshot's rows. */
export const tableCountQuery = (snapshot: TableSnapshot): string => `SELECT count(*) AS n FROM ${sourceTable(snapshot)}`;
