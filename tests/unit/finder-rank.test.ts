import { describe, expect, it } from 'vitest';
import { matchPath, rankPaths } from '../../src/lib/finder-rank';

const order = (paths: string[], query: string) => rankPaths(paths.map((path) => ({ path })), query).map((r) => r.item.path);

describe('finder ranking', () => {
  it('finds the query case-insensitively, in the name before the folders', () => {
    expect(matchPath('Data/sales/DATA.csv', 'data')).toEqual({ start: 11, end: 15, inName: true, offset: 0 });
    expect(matchPath('data/sales/2024.csv', 'DATA')).toEqual({ start: 0, end: 4, inName: false, offset: 0 });
    expect(matchPath('data/sales.csv', 'a/s')).toEqual({ start: 3, end: 6, inName: false, offset: 3 });
    expect(matchPath('data/sales.csv', 'parquet')).toBeNull();
    expect(matchPath('data/sales.csv', '')).toBeNull();
  });

  it('ranks a match in the name above a match in the folders', () => {
    expect(order(['report/a.csv', 'x/report.csv'], 'report')).toEqual(['x/report.csv', 'report/a.csv']);
  });

  it('ranks an earlier match above a later one', () => {
    expect(order(['a/my-sales.csv', 'b/sales.csv', 'c/old/sales-2.csv'], 'sales')).toEqual([
      'b/sales.csv',
      'c/old/sales-2.csv',
      'a/my-sales.csv',
    ]);
    expect(order(['raw/x/sales/a', 'sales/x/y/b'], 'sales')).toEqual(['sales/x/y/b', 'raw/x/sales/a']);
  });

  it('ranks a shorter path above a longer one, then by path', () => {
    expect(order(['deep/er/sales.csv', 'z/sales.csv', 'a/sales.csv'], 'sales')).toEqual([
      'a/sales.csv',
      'z/sales.csv',
      'deep/er/sales.csv',
    ]);
    // Code unit order, as the server's: upper case before lower case.
    expect(order(['b/s', 'B/s'], 's')).toEqual(['B/s', 'b/s']);
  });

  it('leaves out paths that do not contain the query', () => {
    expect(order(['a.csv', 'b.json'], 'csv')).toEqual(['a.csv']);
  });
});
