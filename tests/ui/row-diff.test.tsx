// "Compare rows" on a data object of a diff tree (here the changes page), with the engine (DuckDB-WASM, which needs
// a browser) replaced by a fake at its module boundary that answers the row diff's queries; the SQL itself runs on
// DuckDB in tests/unit/row-diff-duckdb.test.ts, and the whole flow in Chromium in tests/e2e/row-diff.test.ts.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { SqlCell } from '../../src/lib/sql/arrow-values';
import type { SqlEngine, SqlResult } from '../../src/lib/sql/sql-engine';
import { forgetSqlEngine } from '../../src/lib/sql/engine-loader';
import { renderApp } from './render';
import { elseNotFound, fakeApi, signedInAs } from './fake-api';

const engine = vi.hoisted(() => ({
  described: [] as string[],
  runs: [] as string[],
  columns: {} as Record<string, Array<{ name: string; type: string }>>,
  duplicates: [0, 0] as [number, number],
  differing: [] as SqlCell[][],
  describeError: undefined as Error | undefined,
}));

// DuckDB's worker, which the engine starts first, is the browser's too: here none starts, as in a browser without workers.
vi.mock('../../src/lib/sql/engine-worker', () => ({
  startEngineWorker: () => {
    throw new Error('no workers here');
  },
}));

vi.mock('../../src/lib/sql/sql-engine', () => {
  const result = (rows: SqlCell[][]): SqlResult => ({ columns: [], rows, rowCount: rows.length, elapsedMs: 1, outputs: [] });
  const fake: SqlEngine = {
    describe: async (query) => {
      engine.described.push(query);
      if (engine.describeError) throw engine.describeError;
      const ref = /lakefs:\/\/lake\/([^/]+)\//.exec(query)?.[1] ?? '';
      return engine.columns[ref] ?? [];
    },
    run: async (sql) => {
      engine.runs.push(sql);
      return result(sql.includes('AS left_duplicates') ? [engine.duplicates.map(String)] : engine.differing);
    },
    summarise: async () => [],
    exportResult: async () => new Uint8Array(),
  };
  return { sqlEngine: async () => fake };
});

const page = <T,>(results: T[]) => ({
  results,
  pagination: { has_more: false, next_offset: '', results: results.length, max_per_page: 1000 },
});

fakeApi(
  signedInAs(),
  http.get('*/api/v1/repositories/lake', () =>
    HttpResponse.json({ id: 'lake', creation_date: 1, default_branch: 'main', storage_namespace: 'local://lake' }),
  ),
  http.get('*/api/v1/repositories/lake/branches/main', () => HttpResponse.json({ id: 'main', commit_id: 'c0' })),
  http.get('*/api/v1/repositories/lake/branches/main/diff', () =>
    HttpResponse.json(
      page([
        { type: 'changed', path: 'lakes.csv', path_type: 'object', size_bytes: 80 },
        { type: 'added', path: 'notes.txt', path_type: 'object', size_bytes: 5 },
      ]),
    ),
  ),
  elseNotFound,
);

afterEach(() => {
  engine.described.length = 0;
  engine.runs.length = 0;
  engine.duplicates = [0, 0];
  engine.differing = [];
  engine.describeError = undefined;
});

const columns = (...names: string[]) => names.map((name) => ({ name, type: name === 'name' ? 'VARCHAR' : 'BIGINT' }));

/** A differing row as the engine returns it: change, the three counts, then old, new, changed per column. */
const row = (change: string, ...cells: Array<[SqlCell, SqlCell, boolean]>): SqlCell[] => [
  change,
  '1',
  '1',
  '1',
  ...cells.flatMap(([old, value, changed]) => [old, value, String(changed)]),
];

async function openRowDiff() {
  renderApp('/repositories/lake/changes');
  fireEvent.click(await screen.findByRole('button', { name: 'Compare rows of lakes.csv' }, { timeout: 5000 }));
  return screen.findByRole('region', { name: 'Row changes of lakes.csv' }, { timeout: 5000 });
}

// The files of this project share modules: the engine another file's fake made is not this file's.
beforeAll(forgetSqlEngine);

describe('Compare rows', () => {
  it('offers the row diff on data objects only, beside the content diff', async () => {
    renderApp('/repositories/lake/changes');
    expect(await screen.findByRole('button', { name: 'Compare rows of lakes.csv' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Show object changes of lakes.csv' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Compare rows of notes.txt' })).toBeNull();
  });

  it('compares the last commit with the staged version on the id column, and highlights the changed cells', async () => {
    engine.columns = { 'main@': columns('id', 'name', 'amount', 'gone'), main: columns('id', 'name', 'amount') };
    engine.differing = [
      row('removed', ['2', null, false], ['bob', null, false], ['20', null, false]),
      row('changed', ['3', '3', false], ['cy', 'cy', false], ['30', '31', true]),
      row('added', [null, '6', false], [null, 'fay', false], [null, '60', false]),
    ];
    const region = await openRowDiff();
    expect(await within(region).findByText('1 row added, 1 removed, 1 changed.', {}, { timeout: 5000 })).toBeVisible();
    expect(engine.described).toEqual([
      "SELECT * FROM READ_CSV_AUTO('lakefs://lake/main@/lakes.csv')",
      "SELECT * FROM READ_CSV_AUTO('lakefs://lake/main/lakes.csv')",
    ]);
    expect((within(region).getByRole('combobox', { name: 'Key column of lakes.csv' }) as HTMLSelectElement).value).toBe('id');
    expect(within(region).getByText('Column removed:')).toBeVisible();
    expect(within(region).getByText('gone')).toBeVisible();

    const table = within(region).getByRole('table', { name: 'Differing rows of lakes.csv' });
    const lines = within(table)
      .getAllByRole('row')
      .map((tr) => [...tr.children].map((cell) => cell.textContent).join('|'));
    expect(lines).toEqual(['Change|id|name|amount', 'removed|2|bob|20', 'changed|3|cy|3031', 'added|6|fay|60']);
    // The changed value says what changed to assistive technology: the old value struck through, the new one marked.
    const changed = within(table).getByRole('cell', { name: 'amount: 30 → 31' });
    expect(changed.querySelector('del')?.textContent).toBe('30');
    expect(changed.querySelector('ins')?.textContent).toBe('31');
    expect(within(table).getAllByRole('cell').filter((cell) => cell.hasAttribute('data-changed'))).toHaveLength(1);
  });

  it('says when the key repeats, and compares again on the key picked', async () => {
    engine.columns = { 'main@': columns('id', 'name'), main: columns('id', 'name') };
    engine.duplicates = [0, 2];
    const region = await openRowDiff();
    const alert = await within(region).findByRole('alert');
    expect(alert.textContent).toContain('The key column id is not unique');
    expect(alert.textContent).toContain('0 values occur more than once in the old version and 2 values occur more than once in the new version');
    expect(engine.runs).toHaveLength(1);

    engine.duplicates = [0, 0];
    fireEvent.change(within(region).getByRole('combobox', { name: 'Key column of lakes.csv' }), { target: { value: 'name' } });
    expect(await within(region).findByText('No rows differ.', {}, { timeout: 5000 })).toBeVisible();
    expect(engine.runs.at(-1)).toContain('ON l.c1 IS NOT DISTINCT FROM r.c1');
  });

  it('shows a failure to read a version, and reads again on Retry', async () => {
    engine.describeError = new Error('Cannot read lakefs://lake/main@/lakes.csv: not found (HTTP 404).');
    const region = await openRowDiff();
    expect((await within(region).findByRole('alert')).textContent).toContain('HTTP 404');
    engine.describeError = undefined;
    engine.columns = { 'main@': columns('id'), main: columns('id') };
    fireEvent.click(within(region).getByRole('button', { name: 'Retry' }));
    expect(await within(region).findByText('No rows differ.', {}, { timeout: 5000 })).toBeVisible();
    expect(engine.described).toHaveLength(4);
  });

  it('hides the comparison when Compare rows is pressed again', async () => {
    engine.columns = { 'main@': columns('id'), main: columns('id') };
    await openRowDiff();
    await screen.findByText('No rows differ.');
    const toggle = screen.getByRole('button', { name: 'Compare rows of lakes.csv' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Row changes of lakes.csv' })).toBeNull(), { timeout: 5000 });
  });
});
