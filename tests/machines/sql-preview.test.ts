import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ColumnSummary, SqlResult } from '../../src/lib/sql/sql-engine';
import { sqlPreviewMachine, type ExportInput, type SqlPreviewInput, type SqlRun } from '../../src/machines/sql-preview';
import type { Navigation } from '../../src/lib/screen';
import { controlled } from './controlled';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(sqlPreviewMachine);

const OPENING = "SELECT * FROM READ_PARQUET('lakefs://lake/main/lakes.parquet') LIMIT 20";
const WRITING = "COPY (SELECT 1) TO 'lakefs://lake/main/out.csv'";

/** The `sql` a navigation leaves in the address of a page that had another. */
function queryIn(navigation: Navigation): unknown {
  const search = navigation.search as (prev: Record<string, unknown>) => Record<string, unknown>;
  return search({ sql: 'SELECT 0', path: 'lakes.parquet' }).sql;
}

function resultOf(rows: string[][]): SqlResult {
  return {
    columns: [{ name: 'name', type: 'VARCHAR', kind: 'text' }],
    rows,
    rowCount: rows.length,
    elapsedMs: 35,
    outputs: [],
  };
}

const summary: ColumnSummary = { kind: 'top', column: 'name', values: [{ value: 'Baikal', count: 1 }], distinct: 1, nulls: 0 };

/** A machine whose engine work each test answers by hand. */
function start(input: Partial<SqlPreviewInput> = {}) {
  const engine = controlled<void, void>();
  const describe = controlled<string[], { query: string }>();
  const run = controlled<SqlRun, { sql: string }>();
  const summarise = controlled<Array<ColumnSummary | undefined>, { result: SqlResult }>();
  const exports = controlled<void, ExportInput>();
  const addresses: unknown[] = [];
  const machine = sqlPreviewMachine.provide({
    actors: {
      startEngine: engine.logic,
      describeColumns: describe.logic,
      runQuery: run.logic,
      summarise: summarise.logic,
      exportResult: exports.logic,
    },
    actions: { navigate: (_, navigation: Navigation) => void addresses.push(queryIn(navigation)) },
  });
  const actor = createActor(machine, {
    input: { sql: OPENING, opening: OPENING, columnsOf: "SELECT * FROM READ_PARQUET('lakefs://lake/main/lakes.parquet')", exportName: 'lakes', ...input },
    inspect: coverage.inspect,
  }).start();
  return { actor, engine, describe, run, summarise, exports, addresses };
}

const ran = (rows: string[][]): SqlRun => ({ result: resultOf(rows), written: [] });

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

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
