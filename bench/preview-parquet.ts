// The preview benchmark's table: a parquet file of about 256 MB in row groups of about 8 MB, written by the same
// DuckDB build the console runs (DuckDB-WASM's Node build), so the bytes a browser query moves depend only on the
// reader, not on a different writer's layout.
import { createRequire } from 'node:module';
import { statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { asyncBufferFromFile, parquetMetadataAsync } from 'hyparquet';

/** What this file uses of DuckDB-WASM's Node build: CommonJS, whose declaration file the package's exports hide. */
interface NodeBlocking {
  createDuckDB(
    bundles: Record<'mvp' | 'eh', { mainModule: string; mainWorker: string }>,
    logger: object,
    runtime: object,
  ): Promise<{ instantiate(): Promise<unknown>; connect(): { query(sql: string): unknown; close(): void } }>;
  VoidLogger: new () => object;
  NODE_RUNTIME: object;
}
const require = createRequire(import.meta.url);

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
  const duckdb = require('@duckdb/duckdb-wasm/dist/duckdb-node-blocking') as NodeBlocking;
  const dist = dirname(require.resolve('@duckdb/duckdb-wasm/dist/duckdb-eh.wasm'));
  const db = await duckdb.createDuckDB(
    {
      mvp: { mainModule: join(dist, 'duckdb-mvp.wasm'), mainWorker: join(dist, 'duckdb-node-mvp.worker.cjs') },
      eh: { mainModule: join(dist, 'duckdb-eh.wasm'), mainWorker: join(dist, 'duckdb-node-eh.worker.cjs') },
    },
    new duckdb.VoidLogger(),
    duckdb.NODE_RUNTIME,
  );
  await db.instantiate();
  const connection = db.connect();
  // A low-cardinality text column to group by, and columns that do not compress away, as real tables have.
  connection.query(
    `COPY (SELECT i AS id, 'country' || (i % 97) AS country, random() * 1000 AS amount, md5(i::VARCHAR) AS digest,
       TIMESTAMP '2020-01-01' + INTERVAL (i) SECOND AS at FROM range(${ROWS}) t(i))
     TO '${path.replaceAll("'", "''")}' (FORMAT PARQUET, ROW_GROUP_SIZE ${ROWS_PER_GROUP})`,
  );
  connection.close();
  const metadata = await parquetMetadataAsync(await asyncBufferFromFile(path));
  return { path, sizeBytes: statSync(path).size, rowGroups: metadata.row_groups.length, rows: Number(metadata.num_rows) };
}
