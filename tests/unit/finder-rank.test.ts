import { describe, expect, it } from 'vitest';
import { matchPath, rankPaths } from '../../src/lib/finder-rank';
import * as server from '../../server/graveler/path-match';

const order = (paths: string[], query: string) => rankPaths(paths.map((path) => ({ path })), query).map((r) => r.item.path);
/** The path's matched letters, as the finder marks them. */
const marked = (path: string, query: string) => matchPath(path, query)?.positions.map((at) => path[at]).join('');

describe('finder matching', () => {
  it('finds the query’s letters in order, in any case, spaces ignored', () => {
    expect(matchPath('data/lakes.csv', 'lkcsv')?.positions).toEqual([5, 7, 11, 12, 13]);
    expect(matchPath('Data/Lakes.CSV', 'LKcsv')?.positions).toEqual([5, 7, 11, 12, 13]);
    expect(matchPath('data/lakes.csv', ' lk csv ')?.positions).toEqual([5, 7, 11, 12, 13]);
    expect(matchPath('data/lakes.csv', 'vsckl')).toBeNull();
    expect(matchPath('data/lakes.csv', 'parquet')).toBeNull();
    expect(matchPath('data/lakes.csv', '')).toBeNull();
    expect(matchPath('data/lakes.csv', '   ')).toBeNull();
  });

  it('marks a run of the query where it best names the file, else the letters that start words', () => {
    expect(marked('Data/sales/DATA.csv', 'data')).toBe('DATA');
    expect(matchPath('Data/sales/DATA.csv', 'data')).toMatchObject({ positions: [11, 12, 13, 14], exact: true });
    expect(matchPath('data/sales.csv', 'a/s')).toMatchObject({ positions: [3, 4, 5], exact: true });
    // Not the first l, a and k of the path: those that start the folder, the name and the words.
    expect(matchPath('logs/lake-archive/kafka_log.txt', 'lak')?.positions).toEqual([5, 6, 7]);
    expect(matchPath('logs/raw/lake_kafka.txt', 'lkt')?.positions).toEqual([9, 14, 20]);
  });

  it('marks the letters of a path whose lower case is longer, where they are', () => {
    expect(marked('x/İstanbul.csv', 'stan')).toBe('stan');
  });
});

describe('finder ranking', () => {
  it('ranks a run of the letters above scattered letters, however well placed', () => {
    expect(order(['l/a/k/e/s.txt', 'data/lakes/readme.md'], 'lakes')).toEqual(['data/lakes/readme.md', 'l/a/k/e/s.txt']);
  });

  it('ranks letters in the name above the same letters in the folders', () => {
    expect(order(['report/a.csv', 'x/report.csv'], 'report')).toEqual(['x/report.csv', 'report/a.csv']);
    expect(order(['lakes/kafka/c.sv', 'raw/lakes.csv'], 'lkcsv')).toEqual(['raw/lakes.csv', 'lakes/kafka/c.sv']);
  });

  it('ranks letters that start a folder, the name or a word (after / _ - .) above letters inside a word', () => {
    expect(order(['a/my-sales.csv', 'b/sales.csv', 'c/old/sales-2.csv', 'd/presales.csv'], 'sales')).toEqual([
      'b/sales.csv',
      'c/old/sales-2.csv',
      'a/my-sales.csv',
      'd/presales.csv',
    ]);
    expect(order(['raw/x/sales/a', 'sales/x/y/b'], 'sales')).toEqual(['sales/x/y/b', 'raw/x/sales/a']);
  });

  it('ranks letters close together above letters far apart', () => {
    expect(order(['data/lookup-kit.csv', 'data/lk.csv'], 'lkcsv')).toEqual(['data/lk.csv', 'data/lookup-kit.csv']);
  });

  it('ranks a shorter path above a longer one, then by path', () => {
    expect(order(['deep/er/sales.csv', 'z/sales.csv', 'a/sales.csv'], 'sales')).toEqual(['a/sales.csv', 'z/sales.csv', 'deep/er/sales.csv']);
    // Code unit order, as the server's: upper case before lower case.
    expect(order(['b/s', 'B/s'], 's')).toEqual(['B/s', 'b/s']);
  });

  it('keeps a path it finds no letters in last, unmarked: the server decides what matches', () => {
    expect(rankPaths([{ path: 'b.json' }, { path: 'a.csv' }], 'csv').map((r) => [r.item.path, r.match.positions])).toEqual([
      ['a.csv', [2, 3, 4]],
      ['b.json', []],
    ]);
  });
});

/** A small deterministic generator, so a failure names a case that reproduces. */
function lcg(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('the console’s copy of the server’s rule', () => {
  it('matches, marks and ranks exactly as the server does', () => {
    const rand = lcg(7);
    const alphabet = 'abcdeLKSV/_-.0 ';
    const word = (length: number) => Array.from({ length }, () => alphabet[Math.floor(rand() * alphabet.length)]).join('');
    const paths = [
      'data/lakes.csv',
      'Archive/Lakes-2019.CSV',
      'x/İstanbul.csv',
      'logs/kafka/consumers.csv',
      ...Array.from({ length: 150 }, () => word(5 + Math.floor(rand() * 40))),
    ];
    const queries = ['lkcsv', 'LAKES', 'a/s', 'stan', ' l k ', ...Array.from({ length: 40 }, () => word(1 + Math.floor(rand() * 6)))];
    let matched = 0;
    for (const query of queries) {
      for (const path of paths) {
        const inConsole = matchPath(path, query);
        expect(inConsole, `${query} in ${path}`).toEqual(server.matchPath(path, query));
        if (inConsole) matched++;
      }
      const items = paths.map((path) => ({ path }));
      expect(rankPaths(items, query).map((r) => r.item.path), query).toEqual(server.rankPaths(items, query).map((r) => r.item.path));
    }
    // The cases hold both matches and misses, runs and scattered letters.
    expect(matched).toBeGreaterThan(500);
    expect(matched).toBeLessThan(queries.length * paths.length);
  });
});
