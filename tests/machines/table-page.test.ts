import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { TableDetail } from '../../src/api/types';
import type { ColumnPlan, RowDiffOutcome } from '../../src/lib/sql/row-diff';
import { rowDiffMachine, type CompareRowsInput, type RowDiffInput } from '../../src/machines/row-diff';
import { tablePageMachine, type TablePageInput } from '../../src/machines/table-page';
import { controlled } from './controlled';
import { routerSpy } from './screen';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(tablePageMachine);

const detail = (files: string[], versions: string[]): TableDetail => ({
  path: 'warehouse/sales',
  format: 'delta',
  version: versions.at(-1) ?? null,
  schema: [{ name: 'id', type: 'integer', nullable: false }],
  partition_columns: [],
  files: files.length,
  rows: null,
  history: versions.map((version) => ({ version, time: 1, operation: 'WRITE', files_added: 1, files_removed: 0, rows_added: null })).reverse(),
  data_files: files.map((path) => ({ path, size_bytes: 10, rows: null })),
});

const onMain = detail(['warehouse/sales/b.parquet', 'warehouse/sales/c.parquet'], ['0', '1', '2']);
const onTag = detail(['warehouse/sales/a.parquet', 'warehouse/sales/b.parquet'], ['0', '1']);
const base: TablePageInput = { repoId: 'lake', ref: 'main', path: 'warehouse/sales', detail: onMain, compare: undefined, compared: undefined };

function start(input: TablePageInput = base, search: Record<string, unknown> = { ref: 'main', path: 'warehouse/sales' }) {
  const router = routerSpy(search);
  const describeSides = controlled<ColumnPlan, RowDiffInput>();
  const compareRows = controlled<RowDiffOutcome, CompareRowsInput>();
  const rowDiff = rowDiffMachine.provide({ actors: { describeSides: describeSides.logic, compareRows: compareRows.logic } });
  const page = createActor(tablePageMachine.provide({ actions: router.actions, actors: { rowDiff } }), { input, inspect: coverage.inspect }).start();
  return { page, router, describeSides, compareRows };
}

describe('table page', () => {
  it('keeps the ref compared with in the address, and clears it', () => {
    const { page, router } = start();
    expect(page.getSnapshot().context.diff).toBeUndefined();
    page.send({ type: 'compare.choose', ref: ' v1 ' });
    expect(router.navigations.at(-1)?.search).toEqual({ ref: 'main', path: 'warehouse/sales', compare: 'v1' });
    page.send({ type: 'compare.clear' });
    expect(router.navigations.at(-1)?.search).toEqual({ ref: 'main', path: 'warehouse/sales' });
  });

  it('shows what changed from the compared ref, and compares the rows of both snapshots’ files', async () => {
    const { page, describeSides } = start({ ...base, compare: 'v1', compared: onTag });
    expect(page.getSnapshot().context.diff).toMatchObject({
      versions: [{ version: '2' }],
      filesAdded: ['warehouse/sales/c.parquet'],
      filesRemoved: ['warehouse/sales/a.parquet'],
    });
    page.send({ type: 'rows.toggle' });
    await waitFor(page, (s) => s.context.rowDiff !== undefined, { timeout: 5000 });
    expect(describeSides.last().input.sources).toEqual({
      left: "SELECT * FROM READ_PARQUET(['lakefs://lake/v1/warehouse/sales/a.parquet', 'lakefs://lake/v1/warehouse/sales/b.parquet'], union_by_name = true)",
      right: "SELECT * FROM READ_PARQUET(['lakefs://lake/main/warehouse/sales/b.parquet', 'lakefs://lake/main/warehouse/sales/c.parquet'], union_by_name = true)",
    });
    page.send({ type: 'rows.toggle' });
    expect(page.getSnapshot().context.rowDiff).toBeUndefined();
  });

  it('reads a table absent on the compared ref as no rows, so every row is added', () => {
    const { page, describeSides } = start({ ...base, compare: 'old', compared: null });
    expect(page.getSnapshot().context.diff?.filesAdded).toEqual(['warehouse/sales/b.parquet', 'warehouse/sales/c.parquet']);
    page.send({ type: 'rows.toggle' });
    expect(describeSides.last().input.sources?.left).toMatch(/^SELECT \* FROM \(SELECT \* FROM READ_PARQUET\(.*\) AS source LIMIT 0$/);
  });

  it('offers no row diff without a ref to compare with', () => {
    const { page, describeSides } = start();
    page.send({ type: 'rows.toggle' });
    expect(page.getSnapshot().context.rowDiff).toBeUndefined();
    expect(describeSides.calls).toHaveLength(0);
  });

  it('drops the rows compared when the route reads another ref', () => {
    const { page } = start({ ...base, compare: 'v1', compared: onTag });
    page.send({ type: 'rows.toggle' });
    const shown = page.getSnapshot().context.rowDiff;
    expect(shown).toBeDefined();
    page.send({ type: 'route.changed', input: { ...base, compare: 'v0', compared: detail([], ['0']) } });
    const { rowDiff, diff } = page.getSnapshot().context;
    expect(rowDiff).toBeUndefined();
    expect(shown?.getSnapshot().status).toBe('stopped');
    expect(diff?.versions.map((v) => v.version)).toEqual(['2', '1']);
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
