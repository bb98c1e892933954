import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ColumnSummary, SqlResult } from '../../src/lib/sql/sql-engine';
import { firstRowIsHeader, sniffedDataRow, sqlPreviewMachine, type ExportInput, type SqlPreviewInput, type SqlRun } from '../../src/machines/sql-preview';
import type { Navigation } from '../../src/lib/screen';
import { controlled } from './controlled';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(sqlPreviewMachine);

const OPENING = "SELECT * FROM READ_PARQUET('lakefs://lake/main/lakes.parquet') LIMIT 20";
const COUNT = "SELECT count(*) AS n FROM READ_PARQUET('lakefs://lake/main/lakes.parquet')";
const CSV = "READ_CSV_AUTO('lakefs://lake/main/lakes.csv')";
const CSV_OPENING = `SELECT * FROM ${CSV} LIMIT 20`;
const CSV_WITH_HEADER = "SELECT * FROM READ_CSV_AUTO('lakefs://lake/main/lakes.csv', header = true) LIMIT 20";
const WRITING = "COPY (SELECT 1) TO 'lakefs://lake/main/out.csv'";

/** The search a navigation leaves in the address of a page that had another query. */
function searchAfter(navigation: Navigation): Record<string, unknown> {
  const search = navigation.search as (prev: Record<string, unknown>) => Record<string, unknown>;
  return search({ sql: 'SELECT 0', path: 'lakes.parquet' });
}

/** The `sql` a navigation leaves in the address of a page that had another. */
const queryIn = (navigation: Navigation): unknown => searchAfter(navigation).sql;

function resultOf(rows: string[][]): SqlResult {
  return {
    columns: [{ name: 'name', type: 'VARCHAR', kind: 'text' }],
    rows,
    rowCount: rows.length,
    elapsedMs: 35,
    outputs: [],
  };
}

const summary: ColumnSummary = { kind: 'top', column: 'name', values: [{ value: 'Baikal', count: 1 }], distinct: 1, nulls: 0, rows: 1 };

/** A machine whose engine work each test answers by hand. */
function start(input: Partial<SqlPreviewInput> = {}) {
  const engine = controlled<void, void>();
  const describe = controlled<string[], { query: string }>();
  const run = controlled<SqlRun, { sql: string }>();
  const summarise = controlled<Array<ColumnSummary | undefined>, { result: SqlResult }>();
  const count = controlled<number, { query: string }>();
  const exports = controlled<void, ExportInput>();
  const addresses: unknown[] = [];
  const navigations: Navigation[] = [];
  const machine = sqlPreviewMachine.provide({
    actors: {
      startEngine: engine.logic,
      describeColumns: describe.logic,
      runQuery: run.logic,
      summarise: summarise.logic,
      countRows: count.logic,
      exportResult: exports.logic,
    },
    actions: {
      navigate: (_, navigation: Navigation) => {
        navigations.push(navigation);
        addresses.push(queryIn(navigation));
      },
    },
  });
  const actor = createActor(machine, {
    input: { sql: OPENING, opening: OPENING, columnsOf: "SELECT * FROM READ_PARQUET('lakefs://lake/main/lakes.parquet')", exportName: 'lakes', ...input },
    inspect: coverage.inspect,
  }).start();
  return { actor, engine, describe, run, summarise, count, exports, addresses, navigations };
}

const ran = (rows: string[][]): SqlRun => ({ result: resultOf(rows), written: [] });

/** The opening query's first rows: as many as its LIMIT, so the file may hold more. */
const firstRows = (): SqlRun => ran(Array.from({ length: 20 }, (_, i) => [`lake ${i + 1}`]));

describe('SQL preview machine', () => {
  it('loads the engine, runs the opening query at once, then charts its columns and reads the file’s columns', async () => {
    const { actor, engine, describe: describeCall, run, summarise } = start();
    expect(actor.getSnapshot().matches({ query: 'loadingEngine' })).toBe(true);
    engine.last().resolve();
    await waitFor(actor, (s) => s.matches({ query: 'running' }), { timeout: 5000 });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(run.last().input).toEqual({ sql: OPENING });
    // The file's columns wait until the query has come to rest, so they do not delay it.
    expect(describeCall.calls).toHaveLength(0);

    run.last().resolve(ran([['Baikal']]));
    const done = await waitFor(actor, (s) => s.matches({ query: { done: { summary: 'summarising' } } }), { timeout: 5000 });
    expect(done.context.run?.result.rows).toEqual([['Baikal']]);
    expect(done.context.ran).toBe(OPENING);
    expect(summarise.last().input.result.rows).toEqual([['Baikal']]);

    expect(describeCall.last().input.query).toBe("SELECT * FROM READ_PARQUET('lakefs://lake/main/lakes.parquet')");
    describeCall.last().resolve(['name', 'country']);
    await waitFor(actor, (s) => s.matches({ completion: 'done' }), { timeout: 5000 });
    expect(actor.getSnapshot().context.columns).toEqual(['name', 'country']);

    summarise.last().resolve([summary]);
    const charted = await waitFor(actor, (s) => s.matches({ query: { done: { summary: 'summarised' } } }), { timeout: 5000 });
    expect(charted.context.summaries).toEqual([summary]);
  });

  it('opens on a query that writes to a branch without running it, and runs it on Execute', async () => {
    const { actor, engine, run, addresses } = start({ sql: WRITING, columnsOf: undefined });
    engine.last().resolve();
    const ready = await waitFor(actor, (s) => s.matches({ query: 'ready' }), { timeout: 5000 });
    expect(ready.context.writes).toEqual([{ repo: 'lake', ref: 'main', path: 'out.csv' }]);
    // No file to describe: completion ends without a call.
    expect(actor.getSnapshot().matches({ completion: 'done' })).toBe(true);
    expect(run.calls).toHaveLength(0);
    actor.send({ type: 'query.execute' });
    await waitFor(actor, (s) => s.matches({ query: 'running' }), { timeout: 5000 });
    expect(run.last().input).toEqual({ sql: WRITING });
    // Already the address's query: the address stays.
    expect(addresses).toEqual([]);
  });

  it('runs an edited query on Execute and puts it in the address; Back to a writing query waits for Execute again', async () => {
    const { actor, engine, run, addresses } = start();
    engine.last().resolve();
    await waitFor(actor, (s) => s.matches({ query: 'running' }), { timeout: 5000 });
    run.last().resolve(ran([['Baikal']]));
    await waitFor(actor, (s) => s.matches({ query: 'done' }), { timeout: 5000 });

    actor.send({ type: 'query.edit', sql: WRITING });
    actor.send({ type: 'query.execute' });
    expect(run.last().input).toEqual({ sql: WRITING });
    expect(addresses).toEqual([WRITING]);
    // The address catching up with the Execute: the run goes on.
    actor.send({ type: 'route.changed', input: { sql: WRITING, opening: OPENING, exportName: 'lakes' } });
    expect(actor.getSnapshot().matches({ query: 'running' })).toBe(true);
    expect(run.calls).toHaveLength(2);
    run.last().resolve(ran([['1']]));
    await waitFor(actor, (s) => s.matches({ query: 'done' }), { timeout: 5000 });

    // Back to the opening query: it writes nothing, so it runs at once.
    actor.send({ type: 'route.changed', input: { sql: OPENING, opening: OPENING, exportName: 'lakes' } });
    engine.last().resolve();
    await waitFor(actor, (s) => s.matches({ query: 'running' }), { timeout: 5000 });
    expect(run.last().input).toEqual({ sql: OPENING });
    run.last().resolve(ran([['Baikal']]));
    await waitFor(actor, (s) => s.matches({ query: 'done' }), { timeout: 5000 });

    // Forward to the writing query: it waits for Execute, and the last result is gone.
    actor.send({ type: 'route.changed', input: { sql: WRITING, opening: OPENING, exportName: 'lakes' } });
    engine.last().resolve();
    const waiting = await waitFor(actor, (s) => s.matches({ query: 'ready' }), { timeout: 5000 });
    expect(waiting.context.sql).toBe(WRITING);
    expect(waiting.context.run).toBeUndefined();
    expect(run.calls).toHaveLength(3);
    // Executing the opening query again drops the query from the address.
    actor.send({ type: 'query.edit', sql: OPENING });
    actor.send({ type: 'query.execute' });
    expect(addresses).toEqual([WRITING, undefined]);
  });

  it('shows a failed query’s error, keeps the editor’s text, and runs again on Execute', async () => {
    const { actor, engine, run, describe: describeCall } = start();
    engine.last().resolve();
    await waitFor(actor, (s) => s.matches({ query: 'running' }), { timeout: 5000 });
    run.last().reject(new Error('Parser Error: syntax error at or near "SELEC"'));
    const failed = await waitFor(actor, (s) => s.matches({ query: 'failed' }), { timeout: 5000 });
    expect(String(failed.context.error)).toContain('syntax error');
    // A failed opening query still lets the file's columns be read.
    describeCall.last().reject(new Error('no such file'));
    await waitFor(actor, (s) => s.matches({ completion: 'done' }), { timeout: 5000 });
    expect(actor.getSnapshot().context.columns).toEqual([]);

    actor.send({ type: 'query.execute' });
    const running = await waitFor(actor, (s) => s.matches({ query: 'running' }), { timeout: 5000 });
    expect(running.context.error).toBeUndefined();
    run.last().resolve(ran([['Baikal']]));
    await waitFor(actor, (s) => s.matches({ query: 'done' }), { timeout: 5000 });
  });

  it('cancels a running query: its work is aborted, and Execute runs again', async () => {
    const engine = controlled<void, void>();
    const signals: AbortSignal[] = [];
    const machine = sqlPreviewMachine.provide({
      actors: {
        startEngine: engine.logic,
        describeColumns: fromPromise<string[], { query: string }>(async () => []),
        runQuery: fromPromise<SqlRun, { sql: string }>(
          ({ signal }) =>
            new Promise((_, reject) => {
              signals.push(signal);
              signal.addEventListener('abort', () => reject(new Error('cancelled')));
            }),
        ),
      },
    });
    const actor = createActor(machine, { input: { sql: OPENING, opening: OPENING, exportName: 'lakes' }, inspect: coverage.inspect }).start();
    engine.last().resolve();
    await waitFor(actor, (s) => s.matches({ query: 'running' }), { timeout: 5000 });
    actor.send({ type: 'query.cancel' });
    expect(actor.getSnapshot().matches({ query: 'cancelled' })).toBe(true);
    expect(signals[0]?.aborted).toBe(true);
    actor.send({ type: 'query.execute' });
    expect(actor.getSnapshot().matches({ query: 'running' })).toBe(true);
    expect(signals).toHaveLength(2);
  });

  it('says when the engine cannot load, and tries again on Execute', async () => {
    const { actor, engine, run } = start();
    engine.last().reject(new Error('WebAssembly is not allowed'));
    const failed = await waitFor(actor, (s) => s.matches({ query: 'failed' }), { timeout: 5000 });
    expect(String(failed.context.error)).toContain('WebAssembly');
    actor.send({ type: 'query.execute' });
    await waitFor(actor, (s) => s.matches({ query: 'running' }), { timeout: 5000 });
    expect(run.calls).toHaveLength(1);
  });

  it('exports the result while its charts are computed, and says when an export fails', async () => {
    const { actor, engine, run, summarise, exports } = start();
    engine.last().resolve();
    await waitFor(actor, (s) => s.matches({ query: 'running' }), { timeout: 5000 });
    run.last().resolve(ran([['Baikal']]));
    await waitFor(actor, (s) => s.matches({ query: 'done' }), { timeout: 5000 });

    actor.send({ type: 'result.export', format: 'parquet' });
    expect(actor.getSnapshot().hasTag('exporting')).toBe(true);
    expect(exports.last().input).toMatchObject({ format: 'parquet', fileName: 'lakes' });
    exports.last().reject(new Error('out of memory'));
    const failed = await waitFor(actor, (s) => s.matches({ query: { done: { export: 'idle' } } }), { timeout: 5000 });
    expect(String(failed.context.exportError)).toContain('out of memory');

    actor.send({ type: 'result.export', format: 'csv' });
    expect(actor.getSnapshot().context.exportError).toBeUndefined();
    exports.last().resolve();
    await waitFor(actor, (s) => !s.hasTag('exporting'), { timeout: 5000 });

    // Charts that cannot be computed are left out; the result stays.
    summarise.last().reject(new Error('unsupported type'));
    const charted = await waitFor(actor, (s) => s.matches({ query: { done: { summary: 'summarised' } } }), { timeout: 5000 });
    expect(charted.context.summaries).toBeUndefined();
    expect(charted.context.run?.result.rows).toEqual([['Baikal']]);

    actor.send({ type: 'query.edit', sql: 'SELECT 1' });
    actor.send({ type: 'query.execute' });
    const again = await waitFor(actor, (s) => s.matches({ query: 'running' }), { timeout: 5000 });
    expect(again.context.ran).toBe('SELECT 1');
  });

  it('counts the rows of the file once the opening query has filled its limit, after the charts and the columns', async () => {
    const { actor, engine, run, summarise, describe: describeCall, count } = start({ countOf: COUNT });
    engine.last().resolve();
    await waitFor(actor, (s) => s.matches({ query: 'running' }), { timeout: 5000 });
    run.last().resolve(firstRows());
    await waitFor(actor, (s) => s.matches({ query: { done: { total: 'waiting' } } }), { timeout: 5000 });
    // A CSV has no count in it: counting may read the whole file, so the quick reads go first.
    summarise.last().resolve([summary]);
    await waitFor(actor, (s) => s.matches({ query: { done: { summary: 'summarised' } } }), { timeout: 5000 });
    expect(count.calls).toHaveLength(0);
    describeCall.last().resolve(['name']);
    const counting = await waitFor(actor, (s) => s.hasTag('counting'), { timeout: 5000 });
    expect(counting.context.total).toBeUndefined();
    expect(count.last().input).toEqual({ query: COUNT });
    count.last().resolve(12_345);
    const counted = await waitFor(actor, (s) => s.matches({ query: { done: { total: 'counted' } } }), { timeout: 5000 });
    expect(counted.context.total).toBe(12_345);

    // Another query's rows are the query's own: nothing is counted, and the file's count is gone.
    actor.send({ type: 'query.edit', sql: 'SELECT 1' });
    actor.send({ type: 'query.execute' });
    expect(actor.getSnapshot().context.total).toBeUndefined();
    run.last().resolve(firstRows());
    await waitFor(actor, (s) => s.matches({ query: { done: { total: 'none' } } }), { timeout: 5000 });
    expect(count.calls).toHaveLength(1);
  });

  it('does not count a file the opening query read to its end, and shows the result without a count that failed', async () => {
    const { actor, engine, run, summarise, describe: describeCall, count } = start({ countOf: COUNT });
    engine.last().resolve();
    await waitFor(actor, (s) => s.matches({ query: 'running' }), { timeout: 5000 });
    run.last().resolve(ran([['Baikal']]));
    await waitFor(actor, (s) => s.matches({ query: { done: { total: 'none' } } }), { timeout: 5000 });
    describeCall.last().resolve(['name']);
    summarise.last().resolve([summary]);
    await waitFor(actor, (s) => s.matches({ query: { done: { summary: 'summarised' } } }), { timeout: 5000 });
    expect(count.calls).toHaveLength(0);

    actor.send({ type: 'query.edit', sql: OPENING });
    actor.send({ type: 'query.execute' });
    run.last().resolve(firstRows());
    await waitFor(actor, (s) => s.matches({ query: { done: { total: 'waiting' } } }), { timeout: 5000 });
    summarise.last().resolve([summary]);
    await waitFor(actor, (s) => s.hasTag('counting'), { timeout: 5000 });
    count.last().reject(new Error('Invalid Input Error: CSV error on line 9'));
    const failed = await waitFor(actor, (s) => s.matches({ query: { done: { total: 'none' } } }), { timeout: 5000 });
    expect(failed.context.total).toBeUndefined();
    expect(failed.context.run?.result.rows).toHaveLength(20);
  });

  it('stops counting when another query runs', async () => {
    const engine = controlled<void, void>();
    const run = controlled<SqlRun, { sql: string }>();
    const signals: AbortSignal[] = [];
    const machine = sqlPreviewMachine.provide({
      actors: {
        startEngine: engine.logic,
        describeColumns: fromPromise<string[], { query: string }>(async () => ['name']),
        runQuery: run.logic,
        summarise: fromPromise<Array<ColumnSummary | undefined>, { result: SqlResult }>(async () => [summary]),
        countRows: fromPromise<number, { query: string }>(({ signal }) => {
          signals.push(signal);
          return new Promise(() => undefined);
        }),
      },
      actions: { navigate: () => undefined },
    });
    const input = { sql: OPENING, opening: OPENING, columnsOf: 'SELECT 1', countOf: COUNT, exportName: 'lakes' };
    const actor = createActor(machine, { input, inspect: coverage.inspect }).start();
    engine.last().resolve();
    await waitFor(actor, (s) => s.matches({ query: 'running' }), { timeout: 5000 });
    run.last().resolve(firstRows());
    await waitFor(actor, (s) => s.hasTag('counting'), { timeout: 5000 });
    actor.send({ type: 'query.edit', sql: 'SELECT 2' });
    actor.send({ type: 'query.execute' });
    expect(signals).toHaveLength(1);
    expect(signals[0]?.aborted).toBe(true);
    expect(actor.getSnapshot().matches({ query: 'running' })).toBe(true);
  });

  it('reads from the columns DuckDB named whether it took a CSV’s first row for column names, and a choice opens the query for it', async () => {
    const sniffing: Partial<SqlPreviewInput> = { sql: CSV_OPENING, opening: CSV_OPENING, columnsOf: `SELECT * FROM ${CSV}`, header: 'sniff' };
    const { actor, engine, run, describe: describeCall, navigations } = start(sniffing);
    expect(firstRowIsHeader(actor.getSnapshot().context)).toBeUndefined();
    engine.last().resolve();
    await waitFor(actor, (s) => s.matches({ query: 'running' }), { timeout: 5000 });
    run.last().resolve(ran([['1']]));
    await waitFor(actor, (s) => s.matches({ query: 'done' }), { timeout: 5000 });
    // Without a header row DuckDB numbers the columns.
    describeCall.last().resolve(['column0', 'column1']);
    const sniffed = await waitFor(actor, (s) => s.matches({ completion: 'done' }), { timeout: 5000 });
    expect(sniffed.context.sniffedHeader).toBe(false);
    expect(firstRowIsHeader(sniffed.context)).toBe(false);
    expect(sniffedDataRow(sniffed.context)).toBe(true);

    // The user says the first row holds the names: the address takes the choice, with the opening query for it.
    actor.send({ type: 'header.choose', header: true });
    expect(navigations).toHaveLength(1);
    expect(searchAfter(navigations[0]!)).toEqual({ path: 'lakes.parquet', header: true, sql: undefined });
    actor.send({
      type: 'route.changed',
      input: { sql: CSV_WITH_HEADER, opening: CSV_WITH_HEADER, columnsOf: `SELECT * FROM ${CSV.replace(')', ', header = true)')}`, header: true, exportName: 'lakes' },
    });
    expect(firstRowIsHeader(actor.getSnapshot().context)).toBe(true);
    // The user's choice stands: the preview no longer says what DuckDB decided.
    expect(sniffedDataRow(actor.getSnapshot().context)).toBe(false);
    engine.last().resolve();
    await waitFor(actor, (s) => s.matches({ query: 'running' }), { timeout: 5000 });
    expect(run.last().input).toEqual({ sql: CSV_WITH_HEADER });
    run.last().resolve(ran([['2']]));
    await waitFor(actor, (s) => s.matches({ query: 'done' }), { timeout: 5000 });
    // The columns as the choice reads them, for completion; DuckDB's verdict stays what it was.
    describeCall.last().resolve(['1', '2']);
    const chosen = await waitFor(actor, (s) => s.matches({ completion: 'done' }), { timeout: 5000 });
    expect(chosen.context.columns).toEqual(['1', '2']);
    expect(chosen.context.sniffedHeader).toBe(false);
  });

  it('takes DuckDB’s header row as it found it, and offers no header choice for other files', async () => {
    const csv = start({ sql: CSV_OPENING, opening: CSV_OPENING, columnsOf: `SELECT * FROM ${CSV}`, header: 'sniff' });
    csv.engine.last().resolve();
    await waitFor(csv.actor, (s) => s.matches({ query: 'running' }), { timeout: 5000 });
    csv.run.last().resolve(ran([['Baikal']]));
    await waitFor(csv.actor, (s) => s.matches({ query: 'done' }), { timeout: 5000 });
    csv.describe.last().resolve(['name', 'depth']);
    const found = await waitFor(csv.actor, (s) => s.matches({ completion: 'done' }), { timeout: 5000 });
    expect(firstRowIsHeader(found.context)).toBe(true);

    const parquet = start();
    parquet.actor.send({ type: 'header.choose', header: false });
    expect(parquet.navigations).toEqual([]);
    expect(firstRowIsHeader(parquet.actor.getSnapshot().context)).toBeUndefined();
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
