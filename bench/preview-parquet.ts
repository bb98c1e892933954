// The preview benchmark's table: a parquet file of about 256 MB in row groups of about 8 MB, written by the same
// DuckDB build the console runs (DuckDB-WASM's Node build), so the bytes a browser query moves depend only on the
// reader, not on a different writer's layout.
import { statSync } from 'node:fs';
import { asyncBufferFromFile, parquetMetadataAsync } from 'hyparquet';
import { openNodeDuckDb } from '../tests/unit/duckdb-node';

/** Measured on this writer: about 50 bytes a row compressed, so these give 32 row groups of about 8 MB. */
const ROWS = 5_200_000;
const ROWS_PER_GROUP = 163_840;

export interface PreviewTable {
  path: string;
  sizeBytes: number;
  rowGroups: number;
  rows: number;
}

export async function writePreviewTable(path: string): Promise<PreviewTable> {
  const duckdb = await openNodeDuckDb();
  // A low-cardinality text column to group by, and columns that do not compress away, as real tables have.
  duckdb.rows(
    `COPY (SELECT i AS id, 'country' || (i % 97) AS country, random() * 1000 AS amount, md5(i::VARCHAR) AS digest,
       TIMESTAMP '2020-01-01' + INTERVAL (i) SECOND AS at FROM range(${ROWS}) t(i))
     TO '${path.replaceAll("'", "''")}' (FORMAT PARQUET, ROW_GROUP_SIZE ${ROWS_PER_GROUP})`,
  );
  duckdb.close();
  const metadata = await parquetMetadataAsync(await asyncBufferFromFile(path));
  return { path, sizeBytes: statSync(path).size, rowGroups: metadata.row_groups.length, rows: Number(metadata.num_rows) };
}
