import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { Diff } from '../../src/api/types';
import type { ColumnPlan, RowDiffOutcome } from '../../src/lib/sql/row-diff';
import {
  defaultKeyColumn,
  NO_COMMON_COLUMNS,
  rowDiffMachine,
  type CompareRowsInput,
  type RowDiffInput,
} from '../../src/machines/row-diff';
import { controlled } from './controlled';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(rowDiffMachine);

const lakes: Diff = { type: 'changed', path: 'data/lakes.csv', path_type: 'object', size_bytes: 10 };

const planOf = (...names: string[]): ColumnPlan => ({
  common: names.map((name) => ({ name, leftType: 'VARCHAR', rightType: 'VARCHAR' })),
  added: [],
  removed: [],
});

const compared = (key: string): RowDiffOutcome => ({
  kind: 'compared',
  key,
  counts: { added: 1, removed: 2, changed: 3 },
  rows: [{ change: 'added', cells: [{ old: null, new: '7', changed: false }] }],
});

/** A branch's last commit against its staged changes. */
const mainSides = { repoId: 'lake', leftRef: 'main@', rightRef: 'main' };

function start() {
  const describe = controlled<ColumnPlan, RowDiffInput>();
  const compare = controlled<RowDiffOutcome, CompareRowsInput>();
  const machine = rowDiffMachine.provide({ actors: { describeSides: describe.logic, compareRows: compare.logic } });
  const diff = createActor(machine, { input: { entry: lakes, sides: mainSides }, inspect: coverage.inspect }).start();
  return { diff, describe, compare };
}

describe('default key column', () => {
  it('prefers id, then key, then a column ending in _id, else the first column', () => {
    expect(defaultKeyColumn(['name', 'lake_id', 'KEY', 'Id'])).toBe('Id');
    expect(defaultKeyColumn(['name', 'lake_id', 'Key'])).toBe('Key');
    expect(defaultKeyColumn(['name', 'lake_id'])).toBe('lake_id');
    expect(defaultKeyColumn(['name', 'depth'])).toBe('name');
    expect(defaultKeyColumn([])).toBeUndefined();
  });
});

describe('row diff machine', () => {
  it('reads both versions, compares on the default key, and shows the outcome', async () => {
    const { diff, describe, compare } = start();
    expect(diff.getSnapshot().matches('describing')).toBe(true);
    expect(diff.getSnapshot().hasTag('busy')).toBe(true);
    expect(describe.last().input).toEqual({ entry: lakes, sides: mainSides });
    describe.last().resolve(planOf('name', 'lake_id', 'depth'));
    await waitFor(diff, (s) => s.matches('comparing'), { timeout: 5000 });
    expect(compare.last().input).toEqual({ entry: lakes, sides: mainSides, plan: planOf('name', 'lake_id', 'depth'), key: 'lake_id' });
    compare.last().resolve(compared('lake_id'));
    const shown = await waitFor(diff, (s) => s.matches('shown'), { timeout: 5000 });
    expect(shown.context.outcome).toEqual(compared('lake_id'));
    expect(shown.hasTag('busy')).toBe(false);
  });

  it('compares again on the key the user picks, dropping a comparison still running', async () => {
    const { diff, describe, compare } = start();
    describe.last().resolve(planOf('id', 'name'));
    await waitFor(diff, (s) => s.matches('comparing'), { timeout: 5000 });
    diff.send({ type: 'key.pick', key: 'name' });
    expect(compare.calls.map((call) => call.input.key)).toEqual(['id', 'name']);
    compare.calls[0]?.resolve(compared('id'));
    compare.last().resolve(compared('name'));
    const shown = await waitFor(diff, (s) => s.matches('shown'), { timeout: 5000 });
    expect(shown.context.outcome).toEqual(compared('name'));
    diff.send({ type: 'key.pick', key: 'id' });
    expect(diff.getSnapshot().matches('comparing')).toBe(true);
    expect(diff.getSnapshot().context.outcome).toBeUndefined();
    expect(compare.last().input.key).toBe('id');
  });

  it('ignores a key picked before the columns are known', () => {
    const { diff } = start();
    diff.send({ type: 'key.pick', key: 'id' });
    expect(diff.getSnapshot().matches('describing')).toBe(true);
    expect(diff.getSnapshot().context.key).toBeUndefined();
  });

  it('stops on a key that repeats, until another key is picked', async () => {
    const { diff, describe, compare } = start();
    describe.last().resolve(planOf('id', 'team'));
    await waitFor(diff, (s) => s.matches('comparing'), { timeout: 5000 });
    compare.last().resolve({ kind: 'duplicateKeys', key: 'id', left: 0, right: 2 });
    const stopped = await waitFor(diff, (s) => s.matches('duplicateKeys'), { timeout: 5000 });
    expect(stopped.context.outcome).toEqual({ kind: 'duplicateKeys', key: 'id', left: 0, right: 2 });
    diff.send({ type: 'key.pick', key: 'team' });
    expect(compare.last().input.key).toBe('team');
  });

  it('fails when the versions share no column, without comparing, and reads the columns again on retry', async () => {
    const { diff, describe, compare } = start();
    describe.last().resolve(planOf());
    const failed = await waitFor(diff, (s) => s.matches('failed'), { timeout: 5000 });
    expect(String(failed.context.error)).toContain(NO_COMMON_COLUMNS);
    diff.send({ type: 'key.pick', key: 'id' });
    expect(diff.getSnapshot().matches('failed')).toBe(true);
    diff.send({ type: 'rows.retry' });
    expect(diff.getSnapshot().matches('describing')).toBe(true);
    expect(compare.calls).toEqual([]);
  });

  it('reads the columns again on retry when reading them failed', async () => {
    const { diff, describe } = start();
    describe.last().reject(new Error('Cannot read lakefs://lake/main/data/lakes.csv: not found (HTTP 404).'));
    const failed = await waitFor(diff, (s) => s.matches('failed'), { timeout: 5000 });
    expect(String(failed.context.error)).toContain('HTTP 404');
    diff.send({ type: 'rows.retry' });
    expect(diff.getSnapshot().matches('describing')).toBe(true);
    expect(diff.getSnapshot().context.error).toBeUndefined();
    expect(describe.calls).toHaveLength(2);
  });

  it('compares again on retry, with the same key, when the comparison failed', async () => {
    const { diff, describe, compare } = start();
    describe.last().resolve(planOf('id', 'name'));
    await waitFor(diff, (s) => s.matches('comparing'), { timeout: 5000 });
    diff.send({ type: 'key.pick', key: 'name' });
    compare.last().reject(new Error('Out of memory'));
    await waitFor(diff, (s) => s.matches('failed'), { timeout: 5000 });
    diff.send({ type: 'rows.retry' });
    expect(diff.getSnapshot().matches('comparing')).toBe(true);
    expect(compare.last().input.key).toBe('name');
  });

  it('cancels reading the columns or comparing, and starts where it stopped on retry', async () => {
    const { diff, describe, compare } = start();
    diff.send({ type: 'rows.cancel' });
    expect(diff.getSnapshot().matches('cancelled')).toBe(true);
    diff.send({ type: 'rows.retry' });
    expect(diff.getSnapshot().matches('describing')).toBe(true);
    describe.last().resolve(planOf('id'));
    await waitFor(diff, (s) => s.matches('comparing'), { timeout: 5000 });
    diff.send({ type: 'rows.cancel' });
    expect(diff.getSnapshot().matches('cancelled')).toBe(true);
    // A late answer of the cancelled comparison is dropped.
    compare.last().resolve(compared('id'));
    diff.send({ type: 'rows.retry' });
    expect(diff.getSnapshot().matches('comparing')).toBe(true);
    expect(compare.calls).toHaveLength(2);
    expect(diff.getSnapshot().context.outcome).toBeUndefined();
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
