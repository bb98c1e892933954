// A row diff over the real engine: DuckDB-WASM reads both versions of the object with range requests. The engine
// and the SQL builder load with the first row diff opened (dynamic imports), not with the diff tree.
import { fromPromise } from 'xstate';
import type { ColumnPlan, RowDiffOutcome, RowDiffSources } from '../../lib/sql/row-diff';
import type { CompareRowsInput, RowDiffInput } from './machine';

async function loaded() {
  const [rowDiff, { sqlEngine }] = await Promise.all([import('../../lib/sql/row-diff'), import('../../lib/sql/engine-loader')]);
  return { rowDiff, engine: await sqlEngine() };
}

function sourcesOf(rowDiff: typeof import('../../lib/sql/row-diff'), { entry, sides, sources: given }: RowDiffInput): RowDiffSources {
  if (given) return given;
  const sources = rowDiff.rowDiffSources(sides, entry.path, entry.type);
  if (!sources) throw new Error(`${entry.path} is not a parquet, csv or tsv file.`);
  return sources;
}

/** The row diff's work on the two versions its input names. */
export const rowDiffActors = {
  describeSides: fromPromise<ColumnPlan, RowDiffInput>(async ({ input, signal }) => {
    const { rowDiff, engine } = await loaded();
    return rowDiff.describeSides((query) => engine.describe(query, signal), sourcesOf(rowDiff, input));
  }),
  compareRows: fromPromise<RowDiffOutcome, CompareRowsInput>(async ({ input, signal }) => {
    const { rowDiff, engine } = await loaded();
    const run = async (sql: string, maxRows: number) => (await engine.run(sql, { signal, maxRows })).rows;
    return rowDiff.compareRows(run, sourcesOf(rowDiff, input), input.plan, input.key);
  }),
};
