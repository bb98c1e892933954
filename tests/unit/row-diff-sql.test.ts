// The row diff's SQL builder: which queries read each version, how the columns compare, and the quoting of names
// and addresses. The SQL itself runs on DuckDB in row-diff-duckdb.test.ts.
import { describe, expect, it } from 'vitest';
import { differingRowsSql, duplicateKeysSql, planColumns, rowDiffSources, type ColumnPlan } from '../../src/lib/sql/row-diff';

const sides = { repoId: 'lake', leftRef: 'main@', rightRef: 'main' };

describe('row diff sources', () => {
  it('reads both versions of a changed object at its two refs', () => {
    expect(rowDiffSources(sides, 'data/lakes.parquet', 'changed')).toEqual({
      left: "SELECT * FROM READ_PARQUET('lakefs://lake/main@/data/lakes.parquet')",
      right: "SELECT * FROM READ_PARQUET('lakefs://lake/main/data/lakes.parquet')",
    });
  });

  it("reads a missing version as no rows with the other's columns", () => {
    const right = "SELECT * FROM READ_CSV_AUTO('lakefs://lake/main/new.csv')";
    expect(rowDiffSources(sides, 'new.csv', 'added')).toEqual({ left: `SELECT * FROM (${right}) AS source LIMIT 0`, right });
    const left = "SELECT * FROM READ_CSV_AUTO('lakefs://lake/main@/old.tsv', delim = '\\t')";
    expect(rowDiffSources(sides, 'old.tsv', 'removed')).toEqual({ left, right: `SELECT * FROM (${left}) AS source LIMIT 0` });
  });

  it('quotes the address as a literal, and knows data files by extension only', () => {
    expect(rowDiffSources(sides, "it's.CSV", 'changed')?.left).toBe("SELECT * FROM READ_CSV_AUTO('lakefs://lake/main@/it''s.CSV')");
    expect(rowDiffSources(sides, 'notes.txt', 'changed')).toBeUndefined();
  });
});

describe('row diff columns', () => {
  it('pairs the columns of both versions by name, in the old order, and lists those of one version only', () => {
    const plan = planColumns(
      [
        { name: 'id', type: 'BIGINT' },
        { name: 'gone', type: 'VARCHAR' },
        { name: 'amount', type: 'BIGINT' },
      ],
      [
        { name: 'amount', type: 'DOUBLE' },
        { name: 'id', type: 'BIGINT' },
        { name: 'fresh', type: 'DATE' },
      ],
    );
    expect(plan).toEqual({
      common: [
        { name: 'id', leftType: 'BIGINT', rightType: 'BIGINT' },
        { name: 'amount', leftType: 'BIGINT', rightType: 'DOUBLE' },
      ],
      added: [{ name: 'fresh', type: 'DATE' }],
      removed: [{ name: 'gone', type: 'VARCHAR' }],
    });
  });
});

describe('row diff SQL', () => {
  const sources = { left: 'SELECT * FROM old_rows', right: 'SELECT * FROM new_rows' };
  const plan: ColumnPlan = {
    common: [
      { name: 'the "id"', leftType: 'BIGINT', rightType: 'BIGINT' },
      { name: 'amount', leftType: 'INTEGER', rightType: 'DECIMAL(10,2)' },
      { name: 'code', leftType: 'VARCHAR', rightType: 'INTEGER' },
    ],
    added: [],
    removed: [],
  };

  it('counts repeated keys on each side from the key column alone', () => {
    expect(duplicateKeysSql(sources, plan, 'the "id"')).toBe(
      'SELECT (SELECT COUNT(*) FROM (SELECT source."the ""id""" FROM (SELECT * FROM old_rows) AS source GROUP BY 1 HAVING COUNT(*) > 1) AS repeated) AS left_duplicates, ' +
        '(SELECT COUNT(*) FROM (SELECT source."the ""id""" FROM (SELECT * FROM new_rows) AS source GROUP BY 1 HAVING COUNT(*) > 1) AS repeated) AS right_duplicates',
    );
  });

  it('joins on the key, compares the other columns, and casts only a column whose type is no longer comparable', () => {
    const sql = differingRowsSql(sources, plan, 'the "id"', 10);
    expect(sql).toContain(
      'SELECT source."the ""id""" AS c0, source."amount" AS c1, CAST(source."code" AS VARCHAR) AS c2, TRUE AS present FROM (SELECT * FROM old_rows) AS source',
    );
    expect(sql).toContain('FROM l FULL OUTER JOIN r ON l.c0 IS NOT DISTINCT FROM r.c0');
    expect(sql).toContain('WHERE l.present IS NULL OR r.present IS NULL OR l.c1 IS DISTINCT FROM r.c1 OR l.c2 IS DISTINCT FROM r.c2');
    expect(sql).toMatch(/ORDER BY row_key, change LIMIT 10$/);
  });

  it('finds only added and removed rows when the key is the only common column', () => {
    const keyOnly: ColumnPlan = { common: [{ name: 'id', leftType: 'BIGINT', rightType: 'BIGINT' }], added: [], removed: [] };
    expect(differingRowsSql(sources, keyOnly, 'id')).toContain('WHERE l.present IS NULL OR r.present IS NULL OR FALSE');
  });

  it('refuses a key that is not a column of both versions', () => {
    expect(() => differingRowsSql(sources, plan, 'gone')).toThrow('gone is not a column of both versions.');
    expect(() => duplicateKeysSql(sources, plan, 'gone')).toThrow('gone is not a column of both versions.');
  });
});
