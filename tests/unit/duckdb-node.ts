// DuckDB-WASM's Node build (the same DuckDB the console runs in its worker), for tests that run the console's SQL on
// local files: each result comes back as the console's engine reads it, every value as text.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Table } from 'apache-arrow';
import { cellText, type SqlCell } from '../../src/lib/sql/arrow-values';

/** What the tests use of the Node build: CommonJS, whose declaration file the package's exports hide. */
interface NodeBlocking {
  createDuckDB(
    bundles: Record<'mvp' | 'eh', { mainModule: string; mainWorker: string }>,
    logger: object,
    runtime: object,
  ): Promise<{ instantiate(): Promise<unknown>; connect(): NodeConnection }>;
  VoidLogger: new () => object;
  NODE_RUNTIME: object;
}

interface NodeConnection {
  query(sql: string): Table;
  close(): void;
}

export interface NodeDuckDb {
  /** The rows of a query, each value as text (null stays null). */
  rows(sql: string): SqlCell[][];
  /** Its column names and DuckDB types. */
  describe(query: string): Array<{ name: string; type: string }>;
  close(): void;
}

const require = createRequire(import.meta.url);

export async function openNodeDuckDb(): Promise<NodeDuckDb> {
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
  const rows = (sql: string): SqlCell[][] => {
    const table = connection.query(sql);
    const fields = table.schema.fields;
    return table.toArray().map((_, r) => fields.map((field, i) => cellText(table.getChildAt(i)?.get(r), field.type)));
  };
  return {
    rows,
    describe: (query) => rows(`DESCRIBE ${query}`).map(([name, type]) => ({ name: name ?? '', type: type ?? '' })),
    close: () => connection.close(),
  };
}
