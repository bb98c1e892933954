// The object viewer's SQL preview of data files, with the engine (DuckDB-WASM, which needs a browser) replaced by
// a fake at its module boundary; the e2e journey runs the real one in Chromium.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { EditorView } from '@codemirror/view';
import type { ColumnSummary, SqlEngine, SqlResult } from '../../src/lib/sql/sql-engine';
import { renderApp } from './render';
import { elseNotFound, fakeApi } from './fake-api';

const engine = vi.hoisted(() => ({
  runs: [] as string[],
  answer: undefined as ((sql: string) => Promise<SqlResult>) | undefined,
  summaries: [] as Array<ColumnSummary | undefined>,
}));

vi.mock('../../src/lib/sql/sql-engine', () => {
  const fake: SqlEngine = {
    run: (sql) => {
      engine.runs.push(sql);
      if (!engine.answer) throw new Error('no answer set');
      return engine.answer(sql);
    },
    describe: async () => [{ name: 'name', type: 'VARCHAR' }],
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

const editorText = () => screen.getByRole('textbox', { name: 'SQL query' }).textContent;

function typeQuery(sql: string) {
  const content = screen.getByRole('textbox', { name: 'SQL query' });
  const editor = EditorView.findFromDOM(content);
  if (!editor) throw new Error('no editor');
  editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: sql } });
}

describe('SQL preview of data files', () => {
  it('runs the opening query over a parquet object and shows its rows with their types and count', async () => {
    engine.answer = async () => lakes;
    engine.summaries = [
      { kind: 'top', column: 'name', values: [{ value: 'Baikal', count: 1 }], distinct: 2, nulls: 0 },
      { kind: 'histogram', column: 'depth', bins: [1], min: '1642', max: '1642', nulls: 1 },
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
    expect(within(rows[0]!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1', 'Baikal', '1642', '']);
    expect(within(rows[1]!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['2', 'Tanganyika', 'NULL', '']);
    // The charts DuckDB computed, each named for screen readers.
    expect(await screen.findByRole('img', { name: 'Most frequent values of name: Baikal (1); 2 distinct' })).toBeVisible();
    expect(screen.getByRole('img', { name: 'Histogram of depth from 1642 to 1642: 1 rows per bin; 1 NULL' })).toBeVisible();
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
    view('lakes.parquet', { contentType: 'application/vnd.apache.parquet', size: 10 });
    expect(await screen.findByText('4,173 rows in 1,234 ms, showing the first 1,000 of 4,173')).toBeVisible();
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
