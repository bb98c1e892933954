// SQL over a table's snapshot and the row diff of two snapshots, run on real DuckDB (DuckDB-WASM's Node build) over
// the data files a Delta log names (tests/table-fixtures.ts), as the console runs them over `lakefs://` objects.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableDetail } from '../../src/api/types';
import { compareRows, describeSides } from '../../src/lib/sql/row-diff';
import { parquetFilesTable, tableOpeningQuery } from '../../src/lib/sql/table-source';
import { tableDiff } from '../../src/lib/table-diff';
import { deltaTable } from '../table-fixtures';
import { openNodeDuckDb, type NodeDuckDb } from './duckdb-node';

let folder: string;
let duckdb: NodeDuckDb;
const local = (name: string) => join(folder, name);

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'tarn-table-sql-'));
  for (const f of deltaTable('t')) if (f.path.endsWith('.parquet') && !f.path.includes('_delta_log')) writeFileSync(local(f.path.slice(2)), f.bytes);
  duckdb = await openNodeDuckDb();
}, 60_000);
afterAll(() => {
  duckdb.close();
  rmSync(folder, { recursive: true, force: true });
});

const query = (files: string[]) => `SELECT * FROM ${parquetFilesTable(files.map(local))}`;

describe('SQL over a table snapshot', () => {
  it('reads every data file the log names as one table', () => {
    const rows = duckdb.rows(`SELECT id, name FROM ${parquetFilesTable(['part-00001.parquet', 'part-00002.parquet'].map(local))} ORDER BY id`);
    expect(rows).toEqual([4, 5, 6, 7, 8, 9].map((id) => [String(id), `item-${id}`]));
  });

  it('opens on the snapshot’s first rows, named by their lakefs:// addresses', () => {
    expect(tableOpeningQuery({ repo: 'lake', ref: 'main', files: ['t/a.parquet', "t/o'k.parquet"] })).toBe(
      "SELECT * FROM READ_PARQUET(['lakefs://lake/main/t/a.parquet', 'lakefs://lake/main/t/o''k.parquet'], union_by_name = true) LIMIT 20",
    );
  });

  it('diffs the rows of two snapshots on a key', async () => {
    const sources = { left: query(['part-00000.parquet', 'part-00001.parquet']), right: query(['part-00001.parquet', 'part-00002.parquet', 'part-00003.parquet']) };
    const plan = await describeSides(async (q) => duckdb.describe(q), sources);
    const outcome = await compareRows(async (sql, max) => duckdb.rows(sql).slice(0, max), sources, plan, 'id');
    expect(outcome.kind === 'compared' && outcome.counts).toEqual({ added: 5, removed: 3, changed: 0 });
  });
});

describe('table diff', () => {
  const version = (v: string) => ({ version: v, time: 1, operation: 'WRITE', files_added: 1, files_removed: 0, rows_added: 1 });
  const detail = (versions: string[], files: string[], columns: [string, string][]): TableDetail => ({
    path: 't',
    format: 'delta',
    version: versions.at(-1) ?? null,
    schema: columns.map(([name, type]) => ({ name, type, nullable: true })),
    partition_columns: [],
    files: files.length,
    rows: null,
    history: versions.map(version).reverse(),
    data_files: files.map((path) => ({ path, size_bytes: 1, rows: 1 })),
  });

  it('gives the versions between, the schema changes and the files added and removed', () => {
    const before = detail(['0', '1'], ['a', 'b'], [['id', 'integer'], ['amount', 'float'], ['gone', 'string']]);
    const after = detail(['0', '1', '2', '3'], ['b', 'c'], [['id', 'integer'], ['amount', 'double'], ['note', 'string']]);
    expect(tableDiff(before, after)).toEqual({
      versions: [version('3'), version('2')],
      columns: [
        { name: 'amount', change: 'retyped', before: 'float', after: 'double' },
        { name: 'note', change: 'added', after: 'string' },
        { name: 'gone', change: 'removed', before: 'string' },
      ],
      filesAdded: ['c'],
      filesRemoved: ['a'],
    });
  });

  it('takes a table absent on the older ref as empty', () => {
    const after = detail(['0'], ['a'], [['id', 'integer']]);
    expect(tableDiff(undefined, after)).toMatchObject({ versions: [version('0')], filesAdded: ['a'], filesRemoved: [], columns: [{ name: 'id', change: 'added' }] });
  });
});
