import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ColumnSummary, SqlResult } from '../../src/lib/sql/sql-engine';
import { sqlPreviewMachine, type ExportInput, type SqlPreviewInput, type SqlRun } from '../../src/machines/sql-preview';
import { controlled } from './controlled';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(sqlPreviewMachine);

const OPENING = "SELECT * FROM READ_PARQUET('lakefs://lake/main/lakes.parquet') LIMIT 20";

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
  const machine = sqlPreviewMachine.provide({
    actors: {
      startEngine: engine.logic,
      describeColumns: describe.logic,
      runQuery: run.logic,
      summarise: summarise.logic,
      exportResult: exports.logic,
    },
  });
  const actor = createActor(machine, {
    input: { sql: OPENING, autoRun: true, columnsOf: "SELECT * FROM READ_PARQUET('lakefs://lake/main/lakes.parquet')", exportName: 'lakes', ...input },
    inspect: coverage.inspect,
  }).start();
  return { actor, engine, describe, run, summarise, exports };
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

  it('waits for Execute when told not to run at once, and runs the edited query', async () => {
    const { actor, engine, run } = start({ autoRun: false, columnsOf: undefined });
    engine.last().resolve();
    await waitFor(actor, (s) => s.matches({ query: 'ready' }), { timeout: 5000 });
    // No file to describe: completion ends without a call.
    expect(actor.getSnapshot().matches({ completion: 'done' })).toBe(true);
    expect(run.calls).toHaveLength(0);
    actor.send({ type: 'query.edit', sql: 'SELECT 42' });
    actor.send({ type: 'query.execute' });
    await waitFor(actor, (s) => s.matches({ query: 'running' }), { timeout: 5000 });
    expect(run.last().input).toEqual({ sql: 'SELECT 42' });
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
    const actor = createActor(machine, { input: { sql: OPENING, autoRun: true, exportName: 'lakes' }, inspect: coverage.inspect }).start();
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
