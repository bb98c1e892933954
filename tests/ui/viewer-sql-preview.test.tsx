// The object viewer's SQL preview of data files, with the engine (DuckDB-WASM, which needs a browser) replaced by
// a fake at its module boundary; the e2e journey runs the real one in Chromium.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { EditorView } from '@codemirror/view';
import type { ColumnSummary, SqlEngine, SqlResult } from '../../src/lib/sql/sql-engine';
import { forgetSqlEngine } from '../../src/lib/sql/engine-loader';
import { renderApp } from './render';
import { elseNotFound, fakeApi } from './fake-api';

const engine = vi.hoisted(() => ({
  runs: [] as string[],
  answer: undefined as ((sql: string) => Promise<SqlResult>) | undefined,
  summaries: [] as Array<ColumnSummary | undefined>,
  /** The file's rows, as a count query answers; the queries that asked. */
  total: undefined as number | undefined,
  counts: [] as string[],
  /** The names of the file's columns, as DuckDB reads them. */
  columns: ['name'],
}));

// DuckDB's worker, which the engine starts first, is the browser's too: here none starts, as in a browser without workers.
vi.mock('../../src/lib/sql/engine-worker', () => ({
  startEngineWorker: () => {
    throw new Error('no workers here');
  },
}));

vi.mock('../../src/lib/sql/sql-engine', () => {
  const fake: SqlEngine = {
    run: async (sql) => {
      if (sql.startsWith('SELECT count(*) AS n FROM ')) {
        engine.counts.push(sql);
        if (engine.total === undefined) throw new Error('no count set');
        const rows = [[String(engine.total)]];
        return { columns: [{ name: 'n', type: 'BIGINT', kind: 'number' }], rows, rowCount: 1, elapsedMs: 1, outputs: [] };
      }
      engine.runs.push(sql);
      if (!engine.answer) throw new Error('no answer set');
      return engine.answer(sql);
    },
    describe: async () => engine.columns.map((name) => ({ name, type: 'VARCHAR' })),
    summarise: async () => engine.summaries,
    exportResult: async () => new Uint8Array(),
  };
  return { sqlEngine: async () => fake };
});

interface Fixture {
  contentType: string;
  size: number;
}

const objects = new Map<string, Fixture>();
const contentRequests: string[] = [];

fakeApi(
  http.get('*/api/v1/repositories/lake', () =>
    HttpResponse.json({ id: 'lake', default_branch: 'main', storage_namespace: 'local://lake', creation_date: 1 }),
  ),
  http.get('*/api/v1/repositories/lake/branches/main', () => HttpResponse.json({ id: 'main', commit_id: 'c1' })),
  http.get('*/api/v1/repositories/lake/branches/main/objects/stage_allowed', () => new HttpResponse(null, { status: 204 })),
  http.get('*/api/v1/repositories/lake/refs/main/objects/stat', ({ request }) => {
    const path = new URL(request.url).searchParams.get('path') ?? '';
    const fixture = objects.get(path);
    if (!fixture) return HttpResponse.json({ message: 'not found' }, { status: 404 });
    return HttpResponse.json({
      path,
      path_type: 'object',
      content_type: fixture.contentType,
      size_bytes: fixture.size,
      mtime: 1_700_000_000,
      checksum: 'x',
      physical_address: 'p',
    });
  }),
  http.get('*/api/v1/repositories/lake/refs/main/objects', ({ request }) => {
    contentRequests.push(new URL(request.url).searchParams.get('path') ?? '');
    return HttpResponse.json({ message: 'the preview reads through its engine' }, { status: 500 });
  }),
  elseNotFound,
);

afterEach(() => {
  objects.clear();
  contentRequests.length = 0;
  engine.runs.length = 0;
  engine.answer = undefined;
  engine.summaries = [];
  engine.total = undefined;
  engine.counts.length = 0;
  engine.columns = ['name'];
});

const lakes: SqlResult = {
  columns: [
    { name: 'name', type: 'VARCHAR', kind: 'text' },
    { name: 'depth', type: 'INTEGER', kind: 'number' },
  ],
  rows: [
    ['Baikal', '1642'],
    ['Tanganyika', null],
  ],
  rowCount: 2,
  elapsedMs: 35,
  outputs: [],
};

function view(path: string, fixture: Fixture, sql?: string) {
  objects.set(path, fixture);
  const search = new URLSearchParams({ path, ...(sql === undefined ? {} : { sql }) });
  return renderApp(`/repositories/lake/object?${search.toString()}`);
}

/** The tooltips of a chart's bars (an SVG title in each bar's group), as a pointer resting on each shows them. */
const barTooltips = (chart: HTMLElement) => [...chart.querySelectorAll('g > title')].map((title) => title.textContent);

const editorText = () => screen.getByRole('textbox', { name: 'SQL query' }).textContent;

function typeQuery(sql: string) {
  const content = screen.getByRole('textbox', { name: 'SQL query' });
  const editor = EditorView.findFromDOM(content);
  if (!editor) throw new Error('no editor');
  editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: sql } });
}

// The files of this project share modules: the engine another file's fake made is not this file's.
beforeAll(forgetSqlEngine);

describe('SQL preview of data files', () => {
  it('runs the opening query over a parquet object and shows its rows with their types and count', async () => {
    engine.answer = async () => lakes;
    engine.summaries = [
      { kind: 'top', column: 'name', values: [{ value: 'Baikal', count: 1 }], distinct: 2, nulls: 0, rows: 2 },
      { kind: 'histogram', column: 'depth', bins: [1], min: '1642', max: '1642', from: 1642, to: 1642, scale: 'number', nulls: 1, rows: 2 },
    ];
    view('data/lakes.parquet', { contentType: 'application/octet-stream', size: 50 * 1024 * 1024 });
    // The first query of the file waits for the preview's lazy chunk as well.
    const table = await screen.findByRole('table', { name: 'Query result' }, { timeout: 5000 });
    const opening = "SELECT * FROM READ_PARQUET('lakefs://lake/main/data/lakes.parquet') LIMIT 20";
    expect(engine.runs).toEqual([opening]);
    expect(editorText()).toBe(opening);
    expect(screen.getByText('2 rows in 35 ms')).toBeVisible();
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    // Each column's name, then its DuckDB type (then its chart, once computed).
    expect(headers).toEqual(['#', expect.stringMatching(/^nameVARCHAR/), expect.stringMatching(/^depthINTEGER/), '']);
    const rows = within(table).getAllByRole('row').slice(1);
    // Numbers with thousands separators.
    expect(within(rows[0]!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1', 'Baikal', '1,642', '']);
    expect(within(rows[1]!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['2', 'Tanganyika', 'NULL', '']);
    // The charts DuckDB computed, each named for screen readers, with the share of NULLs.
    expect(await screen.findByRole('img', { name: 'Most frequent values of name: Baikal (1); 2 distinct; 0% null' })).toBeVisible();
    expect(screen.getByRole('img', { name: 'Histogram of depth from 1,642 to 1,642: 1 rows per bin; 50% null' })).toBeVisible();
    expect(within(table).getByRole('columnheader', { name: /^depth/ })).toHaveTextContent('INTEGER · 50% null');
    // The file holds only the rows shown: nothing is counted.
    expect(engine.counts).toEqual([]);
    // Whatever its size, nothing of the object is read by the viewer itself: the engine reads the ranges it needs.
    expect(contentRequests).toEqual([]);
  });

  it('reads a CSV object known by its content type alone', async () => {
    engine.answer = async () => lakes;
    view('exports/lakes', { contentType: 'text/csv; charset=utf-8', size: 10 });
    await screen.findByRole('table', { name: 'Query result' }, { timeout: 5000 });
    expect(engine.runs).toEqual(["SELECT * FROM READ_CSV_AUTO('lakefs://lake/main/exports/lakes') LIMIT 20"]);
  });

  it('opens on the query in the address, and Execute puts an edited query there', async () => {
    engine.answer = async () => lakes;
    const { router } = view('lakes.tsv', { contentType: 'application/octet-stream', size: 10 }, 'SELECT 1');
    await screen.findByRole('table', { name: 'Query result' });
    expect(engine.runs).toEqual(['SELECT 1']);
    expect(editorText()).toBe('SELECT 1');

    typeQuery('SELECT name FROM lakes');
    fireEvent.click(screen.getByRole('button', { name: 'Execute' }));
    await waitFor(() => expect(engine.runs).toEqual(['SELECT 1', 'SELECT name FROM lakes']), { timeout: 5000 });
    expect(router.state.location.search).toMatchObject({ path: 'lakes.tsv', sql: 'SELECT name FROM lakes' });

    // The opening query needs no parameter: the address stays short.
    typeQuery("SELECT * FROM READ_CSV_AUTO('lakefs://lake/main/lakes.tsv', delim = '\\t') LIMIT 20");
    fireEvent.click(screen.getByRole('button', { name: 'Execute' }));
    await waitFor(() => expect(engine.runs).toHaveLength(3), { timeout: 5000 });
    expect(router.state.location.search).toEqual({ path: 'lakes.tsv' });
  });

  it('runs the same query again on Execute', async () => {
    engine.answer = async () => lakes;
    view('lakes.csv', { contentType: 'text/csv', size: 10 });
    await screen.findByRole('table', { name: 'Query result' });
    fireEvent.click(screen.getByRole('button', { name: 'Execute' }));
    await waitFor(() => expect(engine.runs).toHaveLength(2), { timeout: 5000 });
    expect(engine.runs[1]).toBe(engine.runs[0]);
  });

  it('does not run a query in the address that writes until Execute is pressed', async () => {
    engine.answer = async () => ({ ...lakes, outputs: [] });
    const copy = "COPY (SELECT 1) TO 'lakefs://lake/main/out.csv'";
    view('lakes.csv', { contentType: 'text/csv', size: 10 }, copy);
    expect(await screen.findByText('This query writes lakefs://lake/main/out.csv: press Execute to run it.')).toBeVisible();
    expect(engine.runs).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Execute' }));
    await screen.findByRole('table', { name: 'Query result' });
    expect(engine.runs).toEqual([copy]);
  });

  it('shows DuckDB’s error under the editor in its own layout, so the caret points at the error', async () => {
    const message = 'Parser Error: syntax error at or near "SELEC"\n\nLINE 1: SELEC * FROM lakes\n        ^';
    engine.answer = async () => {
      throw new Error(message);
    };
    view('lakes.csv', { contentType: 'text/csv', size: 10 });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The query failed')).toBeVisible();
    const block = alert.querySelector('pre');
    expect(block?.textContent).toBe(message);
    expect(screen.queryByRole('table', { name: 'Query result' })).toBeNull();
  });

  it('says how many rows there are when it shows only the first 1,000', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => [`lake ${i + 1}`, String(i)]);
    engine.answer = async () => ({ ...lakes, rows, rowCount: 4173, elapsedMs: 1234 });
    view('lakes.parquet', { contentType: 'application/vnd.apache.parquet', size: 10 }, 'SELECT * FROM lakes');
    expect(await screen.findByText('Showing 1,000 of 4,173 rows (the query took 1,234 ms)')).toBeVisible();
  });

  it('says how many rows the file has beside the first ones the opening query shows', async () => {
    const rows = Array.from({ length: 20 }, (_, i) => [`lake ${i + 1}`, String(i * 1000)]);
    engine.answer = async () => ({ ...lakes, rows, rowCount: 20 });
    engine.total = 12_345;
    view('lakes.parquet', { contentType: 'application/vnd.apache.parquet', size: 10 });
    expect(await screen.findByText('Showing 20 of 12,345 rows (the query took 35 ms)', {}, { timeout: 5000 })).toBeVisible();
    expect(engine.counts).toEqual(["SELECT count(*) AS n FROM READ_PARQUET('lakefs://lake/main/lakes.parquet')"]);
    expect(screen.queryByRole('status', { name: "Counting the file's rows" })).toBeNull();
  });

  it('sorts the rows shown by a column when its header is clicked: ascending, descending, then as they came', async () => {
    engine.answer = async () => ({
      ...lakes,
      rows: [
        ['Baikal', '1642'],
        ['Tanganyika', null],
        ['Crater', '594'],
        ['Superior', '406'],
      ],
      rowCount: 4,
    });
    view('lakes.parquet', { contentType: 'application/vnd.apache.parquet', size: 10 });
    const table = await screen.findByRole('table', { name: 'Query result' }, { timeout: 5000 });
    const depthHeader = within(table).getByRole('columnheader', { name: /^depth/ });
    const depths = () => within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[2]?.textContent);
    expect(depthHeader).toHaveAttribute('aria-sort', 'none');
    expect(depths()).toEqual(['1,642', 'NULL', '594', '406']);

    // A button, so the keyboard reaches and presses it as it does any other.
    const sortByDepth = within(depthHeader).getByRole('button', { name: 'depth' });
    fireEvent.click(sortByDepth);
    expect(depthHeader).toHaveAttribute('aria-sort', 'ascending');
    // By value, not as text; NULL last.
    expect(depths()).toEqual(['406', '594', '1,642', 'NULL']);
    fireEvent.click(sortByDepth);
    expect(depthHeader).toHaveAttribute('aria-sort', 'descending');
    expect(depths()).toEqual(['1,642', '594', '406', 'NULL']);
    fireEvent.click(sortByDepth);
    expect(depthHeader).toHaveAttribute('aria-sort', 'none');
    expect(depths()).toEqual(['1,642', 'NULL', '594', '406']);

    // Another column takes the sort over; a row keeps its number from the result's order.
    const nameHeader = within(table).getByRole('columnheader', { name: /^name/ });
    fireEvent.click(within(nameHeader).getByRole('button', { name: 'name' }));
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(depthHeader).toHaveAttribute('aria-sort', 'none');
    const firstRow = within(table).getAllByRole('row')[1]!;
    expect(within(firstRow).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1', 'Baikal', '1,642', '']);
    const lastRow = within(table).getAllByRole('row').at(-1)!;
    expect(within(lastRow).getAllByRole('cell').map((c) => c.textContent)).toEqual(['2', 'Tanganyika', 'NULL', '']);
  });

  it('names each bar of a column chart: a histogram bin’s range and rows, a top value’s rows', async () => {
    engine.answer = async () => lakes;
    engine.summaries = [
      {
        kind: 'top',
        column: 'name',
        values: [
          { value: 'Baikal', count: 1200 },
          { value: 'Crater', count: 1 },
        ],
        distinct: 2,
        nulls: 3,
        rows: 1204,
      },
      { kind: 'histogram', column: 'depth', bins: [3, 0, 1], min: '0', max: '3000', from: 0, to: 3000, scale: 'number', nulls: 0, rows: 4 },
    ];
    view('lakes.parquet', { contentType: 'application/vnd.apache.parquet', size: 10 });
    const histogram = await screen.findByRole('img', { name: 'Histogram of depth from 0 to 3,000: 3, 0, 1 rows per bin; 0% null' }, { timeout: 5000 });
    // Each bar's tooltip.
    expect(barTooltips(histogram)).toEqual(['0 to 1,000: 3 rows', '1,000 to 2,000: 0 rows', '2,000 to 3,000: 1 row']);
    const top = screen.getByRole('img', { name: 'Most frequent values of name: Baikal (1,200), Crater (1); 2 distinct; <1% null' });
    expect(barTooltips(top)).toEqual(['Baikal: 1,200 rows', 'Crater: 1 row']);
    expect(screen.getByRole('columnheader', { name: /^name/ })).toHaveTextContent('VARCHAR · <1% null');
  });

  it('says that a result wider than its box scrolls sideways, until it is scrolled to the end', async () => {
    const names = ['name', 'country', 'depth', 'area', 'volume'];
    engine.answer = async () => ({
      ...lakes,
      columns: names.map((name) => ({ name, type: 'VARCHAR', kind: 'text' as const })),
      rows: [names.map((name) => `${name} 1`)],
      rowCount: 1,
    });
    // happy-dom lays nothing out: a 500 px box, and header cells of 150 px side by side, moved by the scroll.
    let scrollLeft = 0;
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(500);
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(500);
    vi.spyOn(Element.prototype, 'scrollLeft', 'get').mockImplementation(() => scrollLeft);
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const left = this instanceof HTMLTableCellElement ? this.cellIndex * 150 - scrollLeft : 0;
      const width = this instanceof HTMLTableCellElement ? 150 : 500;
      return new DOMRect(left, 0, width, 40);
    });
    try {
      view('lakes.parquet', { contentType: 'application/vnd.apache.parquet', size: 10 });
      // The name column ends at 300 px and the country column at 450: the other three reach past the edge.
      const hint = await screen.findByRole('button', { name: 'Scroll sideways for 3 more columns' }, { timeout: 5000 });
      expect(hint).toBeVisible();
      const viewport = screen.getByRole('table', { name: 'Query result' }).closest<HTMLElement>('[data-scroll-viewport]');
      if (!viewport) throw new Error('no scrolling box');
      scrollLeft = 150;
      fireEvent.scroll(viewport);
      expect(await screen.findByRole('button', { name: 'Scroll sideways for 2 more columns' })).toBeVisible();
      scrollLeft = 400;
      fireEvent.scroll(viewport);
      await waitFor(() => expect(screen.queryByRole('button', { name: /^Scroll sideways/ })).toBeNull());
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('offers a Cancel button while the query runs, which stops it', async () => {
    let abort: (() => void) | undefined;
    engine.answer = () => new Promise((_, reject) => (abort = () => reject(new Error('cancelled'))));
    view('lakes.parquet', { contentType: 'application/vnd.apache.parquet', size: 10 });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('The query was cancelled.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    abort?.();
  });
});

describe('the first row of a CSV', () => {
  it('says when DuckDB read the first row as data, and "First row is header" reads it as the column names', async () => {
    engine.answer = async () => lakes;
    engine.columns = ['column0', 'column1'];
    const { router } = view('lakes.csv', { contentType: 'text/csv', size: 10 });
    // Once DuckDB has read the file's columns, the preview says how it took the first row.
    expect(await screen.findByText(/^The first row looks like data, not column names/, {}, { timeout: 5000 })).toBeVisible();
    const choice = screen.getByRole('checkbox', { name: 'First row is header' });
    expect(choice).toBeEnabled();
    expect((choice as HTMLInputElement).checked).toBe(false);

    fireEvent.click(choice);
    const withHeader = "SELECT * FROM READ_CSV_AUTO('lakefs://lake/main/lakes.csv', header = true) LIMIT 20";
    await waitFor(() => expect(engine.runs.at(-1)).toBe(withHeader), { timeout: 5000 });
    // The address keeps the choice for this file; the query is the opening one for it, so it stays out.
    expect(router.state.location.search).toEqual({ path: 'lakes.csv', header: true });
    await waitFor(() => expect(editorText()).toBe(withHeader));
    const chosen = screen.getByRole('checkbox', { name: 'First row is header' }) as HTMLInputElement;
    expect(chosen.checked).toBe(true);
    expect(screen.queryByText(/^The first row looks like data/)).toBeNull();

    fireEvent.click(chosen);
    const withoutHeader = "SELECT * FROM READ_CSV_AUTO('lakefs://lake/main/lakes.csv', header = false) LIMIT 20";
    await waitFor(() => expect(engine.runs.at(-1)).toBe(withoutHeader), { timeout: 5000 });
    expect(router.state.location.search).toEqual({ path: 'lakes.csv', header: false });
  });

  it('opens on the choice in the address, and counts the rows as it reads them', async () => {
    engine.answer = async () => ({ ...lakes, rows: Array.from({ length: 20 }, (_, i) => [`lake ${i}`, '1']), rowCount: 20 });
    engine.total = 4_000;
    objects.set('lakes.tsv', { contentType: 'text/tab-separated-values', size: 10 });
    renderApp('/repositories/lake/object?path=lakes.tsv&header=false');
    const choice = await screen.findByRole('checkbox', { name: 'First row is header' }, { timeout: 5000 });
    expect((choice as HTMLInputElement).checked).toBe(false);
    expect(engine.runs).toEqual(["SELECT * FROM READ_CSV_AUTO('lakefs://lake/main/lakes.tsv', delim = '\\t', header = false) LIMIT 20"]);
    expect(await screen.findByText('Showing 20 of 4,000 rows (the query took 35 ms)', {}, { timeout: 5000 })).toBeVisible();
    expect(engine.counts).toEqual(["SELECT count(*) AS n FROM READ_CSV_AUTO('lakefs://lake/main/lakes.tsv', delim = '\\t', header = false)"]);
    // A choice the user made is not second-guessed.
    expect(screen.queryByText(/^The first row looks like data/)).toBeNull();
  });

  it('offers no header choice for a parquet file', async () => {
    engine.answer = async () => lakes;
    view('lakes.parquet', { contentType: 'application/vnd.apache.parquet', size: 10 });
    await screen.findByRole('table', { name: 'Query result' }, { timeout: 5000 });
    expect(screen.queryByRole('checkbox', { name: 'First row is header' })).toBeNull();
  });
});
