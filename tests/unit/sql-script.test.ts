import { describe, expect, it } from 'vitest';
import { formatLakefsAddress, parseLakefsAddress, sqlString } from '../../src/lib/sql/lakefs-address';
import { copyTargets, objectFiles } from '../../src/lib/sql/object-files';
import { isQuery, splitStatements } from '../../src/lib/sql/sql-script';
import { countQuery, openingQuery, sniffedHeaderRow, sourceQuery } from '../../src/lib/sql/data-format';

describe('splitStatements', () => {
  it('splits at semicolons outside literals, quoted names and comments', () => {
    const sql = `
      -- a comment; not a statement
      SELECT 'a;b', "odd;name" FROM t; /* block; /* nested; */ still comment; */
      SET threads = 1;;
      $$dollar;quoted$$;
    `;
    expect(splitStatements(sql).map((s) => [s.keyword, s.text])).toEqual([
      ['SELECT', `SELECT 'a;b', "odd;name" FROM t`],
      ['SET', 'SET threads = 1'],
      ['', '$$dollar;quoted$$'],
    ]);
  });

  it('unescapes string literals as DuckDB reads them', () => {
    const [statement] = splitStatements(`select * from read_csv_auto('lakefs://r/main/it''s.csv', delim = '\\t')`);
    expect(statement?.keyword).toBe('SELECT');
    expect(statement?.literals.map((l) => l.value)).toEqual(["lakefs://r/main/it's.csv", '\\t']);
  });

  it('marks the literal after TO in a COPY statement as its target', () => {
    const [copy, other] = splitStatements(
      "COPY (SELECT * FROM READ_PARQUET('lakefs://r/main/in.parquet')) TO 'lakefs://r/dev/out.parquet' (FORMAT PARQUET); SELECT 'to' AS x",
    );
    expect(copy?.literals).toEqual([
      { value: 'lakefs://r/main/in.parquet', copyTarget: false },
      { value: 'lakefs://r/dev/out.parquet', copyTarget: true },
    ]);
    expect(other?.literals).toEqual([{ value: 'to', copyTarget: false }]);
    // COPY ... FROM reads.
    expect(splitStatements("copy t from 'lakefs://r/main/in.csv'")[0]?.literals[0]?.copyTarget).toBe(false);
  });

  it('tells queries from commands', () => {
    const kinds = splitStatements("SELECT 1; WITH a AS (SELECT 1) SELECT * FROM a; FROM t; (SELECT 1); COPY t TO 'x'; DESCRIBE t; SET x = 1").map(isQuery);
    expect(kinds).toEqual([true, true, true, true, false, false, false]);
  });

  it('keeps an unterminated literal to the end', () => {
    expect(splitStatements("SELECT 'open; still open")[0]?.literals).toEqual([{ value: 'open; still open', copyTarget: false }]);
  });
});

describe('lakefs:// addresses', () => {
  it('parses repository, ref and path, the path keeping its slashes', () => {
    expect(parseLakefsAddress('lakefs://quickstart/main/data/lakes.csv')).toEqual({ repo: 'quickstart', ref: 'main', path: 'data/lakes.csv' });
    expect(parseLakefsAddress('lakefs://quickstart/main')).toBeUndefined();
    expect(parseLakefsAddress('lakefs://quickstart/main/')).toBeUndefined();
    expect(parseLakefsAddress('s3://quickstart/main/a')).toBeUndefined();
    expect(formatLakefsAddress({ repo: 'r', ref: 'c0ffee', path: 'a b/c.parquet' })).toBe('lakefs://r/c0ffee/a b/c.parquet');
  });

  it('quotes text as a SQL string', () => {
    expect(sqlString("it's")).toBe("'it''s'");
  });
});

describe('objectFiles', () => {
  it('lists the objects a script reads and the ones its COPY writes, once each', () => {
    const files = objectFiles(
      splitStatements(
        "CREATE TABLE t AS SELECT * FROM READ_PARQUET('lakefs://r/main/a.parquet'); " +
          "SELECT * FROM READ_PARQUET('lakefs://r/main/a.parquet'), READ_CSV_AUTO('lakefs://s/v1/b.csv'); " +
          "COPY t TO 'lakefs://r/dev/out/c.csv'; SELECT 'not an object'",
      ),
    );
    expect([...files.reads.keys()]).toEqual(['lakefs://r/main/a.parquet', 'lakefs://s/v1/b.csv']);
    expect([...files.writes.entries()]).toEqual([['lakefs://r/dev/out/c.csv', { repo: 'r', ref: 'dev', path: 'out/c.csv' }]]);
    expect(copyTargets("COPY t TO 'lakefs://r/dev/x.parquet'")).toEqual([{ repo: 'r', ref: 'dev', path: 'x.parquet' }]);
  });

  it('refuses a lakefs:// literal that names no object', () => {
    expect(() => copyTargets("SELECT * FROM READ_PARQUET('lakefs://r/main')")).toThrow(
      'lakefs://r/main does not name an object: write lakefs://{repository}/{ref}/{path}.',
    );
  });
});

describe('opening queries', () => {
  it('reads parquet, csv and tsv over the object, with LIMIT 20', () => {
    const address = { repo: 'quickstart', ref: 'main', path: "lakes o'hara.parquet" };
    expect(openingQuery('parquet', address)).toBe("SELECT * FROM READ_PARQUET('lakefs://quickstart/main/lakes o''hara.parquet') LIMIT 20");
    expect(openingQuery('csv', { ...address, path: 'data/lakes.csv' })).toBe(
      "SELECT * FROM READ_CSV_AUTO('lakefs://quickstart/main/data/lakes.csv') LIMIT 20",
    );
    expect(sourceQuery('tsv', { ...address, path: 'a.tsv' })).toBe("SELECT * FROM READ_CSV_AUTO('lakefs://quickstart/main/a.tsv', delim = '\\t')");
  });

  it('reads a CSV’s first row as the user chose, and counts the rows the same way', () => {
    const address = { repo: 'quickstart', ref: 'main', path: 'a.tsv' };
    expect(openingQuery('csv', address, false)).toBe("SELECT * FROM READ_CSV_AUTO('lakefs://quickstart/main/a.tsv', header = false) LIMIT 20");
    expect(openingQuery('tsv', address, true)).toBe(
      "SELECT * FROM READ_CSV_AUTO('lakefs://quickstart/main/a.tsv', delim = '\\t', header = true) LIMIT 20",
    );
    expect(countQuery('tsv', address, true)).toBe("SELECT count(*) AS n FROM READ_CSV_AUTO('lakefs://quickstart/main/a.tsv', delim = '\\t', header = true)");
    expect(countQuery('parquet', { ...address, path: 'l.parquet' })).toBe("SELECT count(*) AS n FROM READ_PARQUET('lakefs://quickstart/main/l.parquet')");
  });

  it('tells from the names DuckDB gave a CSV’s columns whether it took the first row for them', () => {
    expect(sniffedHeaderRow(['lake_name', 'max_depth_m'])).toBe(true);
    // Without a header row DuckDB numbers the columns, with a leading zero from ten columns on.
    expect(sniffedHeaderRow(['column0', 'column1'])).toBe(false);
    expect(sniffedHeaderRow(Array.from({ length: 12 }, (_, i) => `column${String(i).padStart(2, '0')}`))).toBe(false);
    // Names that only look alike are the file's own.
    expect(sniffedHeaderRow(['column1', 'column2'])).toBe(true);
  });
});
