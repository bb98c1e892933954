// Sorting the rows a query result shows (docs/behaviour.md, Object viewer): in the browser, over the rows kept (at most
// SQL_MAX_ROWS_SHOWN), with TanStack Table's sorting state. A header cycles ascending, descending, and the order the
// query gave; NULLs stay last either way, as DuckDB's ORDER BY puts them.
import { useMemo } from 'react';
import { createColumnHelper, createSortedRowModel, rowSortingFeature, tableFeatures, useTable, type Row } from '@tanstack/react-table';
import type { SqlCell, SqlColumn, SqlColumnKind } from '../../../lib/sql/arrow-values';
import type { AriaSort } from '../../components/DataTable';

export interface ResultRow {
  /** The row's place in the result as the query gave it. */
  index: number;
  cells: SqlCell[];
}

const sortFeatures = tableFeatures({ rowSortingFeature, sortedRowModel: createSortedRowModel() });
type SortFeatures = typeof sortFeatures;

const helper = createColumnHelper<SortFeatures, ResultRow>();

const INTEGER = /^-?\d+$/;
const collator = new Intl.Collator('en-US', { numeric: true });

const plain = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Numbers by value: integers exactly (a BIGINT has more digits than a double), others as doubles, NaN last. */
function byNumber(a: string, b: string): number {
  if (INTEGER.test(a) && INTEGER.test(b)) {
    const [x, y] = [BigInt(a), BigInt(b)];
    return x < y ? -1 : x > y ? 1 : 0;
  }
  const [x, y] = [Number(a), Number(b)];
  if (Number.isNaN(x) || Number.isNaN(y)) return Number(Number.isNaN(x)) - Number(Number.isNaN(y));
  return x < y ? -1 : x > y ? 1 : 0;
}

/** How two values of a column compare. Dates and timestamps are ISO text, whose order is their time's. */
const COMPARE: Record<SqlColumnKind, (a: string, b: string) => number> = {
  number: byNumber,
  temporal: plain,
  text: (a, b) => collator.compare(a, b),
  other: plain,
};

/** The id of the result's column at `index`, in the sort state and in the grid's columns. */
export const columnId = (index: number) => `c${index}`;

function sortColumns(columns: SqlColumn[]) {
  const defs = columns.map((column, i) => {
    const compare = COMPARE[column.kind];
    return helper.accessor((row) => row.cells[i] ?? undefined, {
      id: columnId(i),
      // A NULL is undefined here, so sortUndefined keeps it last.
      sortUndefined: 'last',
      sortFn: (a: Row<SortFeatures, ResultRow>, b: Row<SortFeatures, ResultRow>, id: string) =>
        compare(a.getValue<string>(id), b.getValue<string>(id)),
    });
  });
  return helper.columns(defs);
}

export interface ResultSorting {
  /** The rows in the order shown. */
  rows: ResultRow[];
  /** Each result column's sort, by column id, as aria-sort says it. */
  state: Record<string, AriaSort>;
  /** The next sort of the column at `index`: ascending, descending, none. */
  toggle: (index: number) => void;
}

export function useResultSorting(columns: SqlColumn[], rows: ResultRow[]): ResultSorting {
  const options = useMemo(
    () => ({
      features: sortFeatures,
      columns: sortColumns(columns),
      data: rows,
      getRowId: (row: ResultRow) => String(row.index),
      // Every column starts ascending, numbers too (TanStack's default would start them descending).
      sortDescFirst: false,
      enableMultiSort: false,
    }),
    [columns, rows],
  );
  const table = useTable(options, (state) => ({ sorting: state.sorting }));
  const { sorting } = table.state;
  return useMemo(() => {
    const state: Record<string, AriaSort> = Object.fromEntries(columns.map((_, i) => [columnId(i), 'none' as const]));
    for (const sort of sorting) state[sort.id] = sort.desc ? 'descending' : 'ascending';
    return {
      rows: sorting.length === 0 ? rows : table.getRowModel().rows.map((row) => row.original),
      state,
      toggle: (index) => table.getColumn(columnId(index))?.getToggleSortingHandler()?.(undefined),
    };
  }, [table, sorting, rows, columns]);
}
