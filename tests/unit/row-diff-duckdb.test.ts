// The row diff's SQL run on real DuckDB (DuckDB-WASM's Node build) over two versions of a table in local files, as
// the console runs it over `lakefs://` objects.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlString } from '../../src/lib/sql/lakefs-address';
import { compareRows, describeSides, type RowDiffSources } from '../../src/lib/sql/row-diff';
import { openNodeDuckDb, type NodeDuckDb } from './duckdb-node';

let folder: string;
let duckdb: NodeDuckDb;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'tarn-row-diff-'));
  duckdb = await openNodeDuckDb();
});
afterAll(() => {
  duckdb.close();
  rmSync(folder, { recursive: true, force: true });
});

function csv(name: string, text: string): string {
  const path = join(folder, name);
  writeFileSync(path, text);
  return `SELECT * FROM READ_CSV_AUTO(${sqlString(path)})`;
}

/** A parquet file written by DuckDB from `select`. */
function parquet(name: string, select: string): string {
  const path = join(folder, name);
  duckdb.rows(`COPY (${select}) TO ${sqlString(path)} (FORMAT PARQUET)`);
  return `SELECT * FROM READ_PARQUET(${sqlString(path)})`;
}

const run = async (sql: string, maxRows: number) => duckdb.rows(sql).slice(0, maxRows);
const describeQuery = async (query: string) => duckdb.describe(query);

async function diff(sources: RowDiffSources, key?: string) {
  const plan = await describeSides(describeQuery, sources);
  const outcome = await compareRows(run, sources, plan, key ?? plan.common[0]!.name);
  return { plan, outcome };
}

describe('row diff on DuckDB', () => {
  it('finds the rows added, removed and changed in a csv, and the changed cells', async () => {
    const sources = {
      left: csv('old.csv', 'id,name,amount\n1,ada,10\n2,bob,20\n3,cy,30\n4,dee,40\n5,eve,50\n'),
      right: csv('new.csv', 'id,name,amount\n1,ada,10\n3,cy,31\n4,dee,40\n5,eve,50\n6,fay,60\n'),
    };
    const { plan, outcome } = await diff(sources, 'id');
    expect(plan.common.map((c) => c.name)).toEqual(['id', 'name', 'amount']);
    expect(outcome).toEqual({
      kind: 'compared',
      key: 'id',
      counts: { added: 1, removed: 1, changed: 1 },
      rows: [
        {
          change: 'removed',
          cells: [
            { old: '2', new: null, changed: false },
            { old: 'bob', new: null, changed: false },
            { old: '20', new: null, changed: false },
          ],
        },
        {
          change: 'changed',
          cells: [
            { old: '3', new: '3', changed: false },
            { old: 'cy', new: 'cy', changed: false },
            { old: '30', new: '31', changed: true },
          ],
        },
        {
          change: 'added',
          cells: [
            { old: null, new: '6', changed: false },
            { old: null, new: 'fay', changed: false },
            { old: null, new: '60', changed: false },
          ],
        },
      ],
    });
  });

  it('reports columns of one version only, compares a column whose type changed as text, and a NULL as a value', async () => {
    const sources = {
      left: parquet('old.parquet', "SELECT * FROM (VALUES (1, 'a', 1.5, 7), (2, '2', NULL, 8), (3, '3', 2.0, 9)) t(id, code, score, gone)"),
      right: parquet('new.parquet', "SELECT * FROM (VALUES (1, 1, 1.5, 'x'), (2, 2, 0.5, 'y'), (3, 3, 2.0, 'z')) t(id, code, score, fresh)"),
    };
    const { plan, outcome } = await diff(sources, 'id');
    expect(plan.removed).toEqual([{ name: 'gone', type: 'INTEGER' }]);
    expect(plan.added).toEqual([{ name: 'fresh', type: 'VARCHAR' }]);
    expect(plan.common.find((c) => c.name === 'code')).toEqual({ name: 'code', leftType: 'VARCHAR', rightType: 'INTEGER' });
    if (outcome.kind !== 'compared') throw new Error('expected a comparison');
    expect(outcome.counts).toEqual({ added: 0, removed: 0, changed: 2 });
    expect(outcome.rows.map((row) => row.cells.map((cell) => (cell.changed ? `${cell.old}→${cell.new}` : '=')))).toEqual([
      ['=', 'a→1', '='],
      ['=', '=', 'null→0.5'],
    ]);
  });

  it('counts keys that repeat instead of multiplying rows, and compares on another key', async () => {
    const sources = {
      left: csv('dup-old.csv', 'id,team,amount\n1,red,10\n2,red,20\n3,blue,30\n'),
      right: csv('dup-new.csv', 'id,team,amount\n1,red,10\n2,red,25\n3,blue,30\n3,blue,30\n'),
    };
    expect((await diff(sources, 'team')).outcome).toEqual({ kind: 'duplicateKeys', key: 'team', left: 1, right: 2 });
    expect((await diff(sources, 'id')).outcome).toEqual({ kind: 'duplicateKeys', key: 'id', left: 0, right: 1 });
    const unique = { left: sources.left, right: csv('dup-new2.csv', 'id,team,amount\n1,red,10\n2,red,25\n3,blue,30\n') };
    const { outcome } = await diff(unique, 'id');
    expect(outcome.kind === 'compared' && outcome.counts).toEqual({ added: 0, removed: 0, changed: 1 });
  });

  it('quotes column names with quotes and spaces, and finds nothing between equal versions', async () => {
    const select = `SELECT i AS "the ""id""", 'x' AS "it's" FROM range(3) t(i)`;
    const sources = { left: parquet('q-old.parquet', select), right: parquet('q-new.parquet', select) };
    const { plan, outcome } = await diff(sources, 'the "id"');
    expect(plan.common.map((c) => c.name)).toEqual(['the "id"', "it's"]);
    expect(outcome).toEqual({ kind: 'compared', key: 'the "id"', counts: { added: 0, removed: 0, changed: 0 }, rows: [] });
  });

  it('reads an added file as every row added, against no rows with its columns', async () => {
    const right = csv('added.csv', 'id,name\n1,a\n2,b\n');
    const sources = { left: `SELECT * FROM (${right}) AS source LIMIT 0`, right };
    const { outcome } = await diff(sources, 'id');
    expect(outcome.kind === 'compared' && outcome.counts).toEqual({ added: 2, removed: 0, changed: 0 });
  });

  it('shows the first rows only, and counts them all', async () => {
    const sources = {
      left: parquet('many-old.parquet', 'SELECT i AS id, i AS v FROM range(2500) t(i)'),
      right: parquet('many-new.parquet', 'SELECT i AS id, i + 1 AS v FROM range(2500) t(i)'),
    };
    const { outcome } = await diff(sources, 'id');
    if (outcome.kind !== 'compared') throw new Error('expected a comparison');
    expect(outcome.counts.changed).toBe(2500);
    expect(outcome.rows).toHaveLength(1000);
    expect(outcome.rows[0]?.cells[0]?.old).toBe('0');
  });
});
