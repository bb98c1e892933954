// The row-level diff of a table between two versions (a parquet, csv or tsv object at two refs), computed by DuckDB:
// the rows of both sides are matched on a key column the user picks (FULL OUTER JOIN), and a matched row has changed
// when any column the two sides share IS DISTINCT FROM its other side. Each side is any query that reads it, so the
// same SQL runs on `lakefs://` objects in the browser and on local files in tests. Loaded with the first row diff.
import type { DiffType } from '../../api/types';
import type { ObjectDiffSides } from '../content-diff';
import { sqlIdentifier } from './column-summary';
import { dataFormatOfExtension, sourceQuery } from './data-format';
import { extensionOf } from '../extension';
import type { SqlCell } from './arrow-values';

/** How many differing rows a diff shows; all of them are counted. */
export const ROW_DIFF_ROWS_SHOWN = 1000;

/** The queries that read the old (left) and the new (right) version of the table. */
export interface RowDiffSources {
  left: string;
  right: string;
}

export interface TableColumn {
  name: string;
  /** The DuckDB type name. */
  type: string;
}

/** A column both versions have, with its type on each side. */
export interface CommonColumn {
  name: string;
  leftType: string;
  rightType: string;
}

/** The columns of the two versions, compared by name. */
export interface ColumnPlan {
  common: CommonColumn[];
  /** Only in the new version. */
  added: TableColumn[];
  /** Only in the old version. */
  removed: TableColumn[];
}

export type RowChange = 'added' | 'removed' | 'changed';

/** One common column's values in a differing row; `changed` only on rows of both versions. */
export interface RowDiffCell {
  old: SqlCell;
  new: SqlCell;
  changed: boolean;
}

export interface RowDiffRow {
  change: RowChange;
  /** One per common column, in the plan's order. */
  cells: RowDiffCell[];
}

export interface RowDiffCounts {
  added: number;
  removed: number;
  changed: number;
}

export type RowDiffOutcome =
  /** The key repeats on a side, so rows cannot be matched one to one: nothing is compared. */
  | { kind: 'duplicateKeys'; key: string; left: number; right: number }
  /** The counts, and the first ROW_DIFF_ROWS_SHOWN differing rows in key order. */
  | { kind: 'compared'; key: string; counts: RowDiffCounts; rows: RowDiffRow[] };

/** Runs a query, keeping its first `maxRows` rows as text. */
export type RunSql = (sql: string, maxRows: number) => Promise<SqlCell[][]>;
/** The columns a query returns, without running it. */
export type DescribeSql = (query: string) => Promise<TableColumn[]>;

/**
 * The queries reading both versions of the object at `path`, or undefined when it is no data file. A version that
 * does not exist (an added or removed object) reads as no rows with the other version's columns, so every row of
 * the one that does is added or removed.
 */
export function rowDiffSources(sides: ObjectDiffSides, path: string, type: DiffType): RowDiffSources | undefined {
  const format = dataFormatOfExtension(extensionOf(path));
  if (!format) return undefined;
  const read = (ref: string) => sourceQuery(format, { repo: sides.repoId, ref, path });
  const left = read(sides.leftRef);
  const right = read(sides.rightRef);
  const none = (other: string) => `SELECT * FROM (${other}) AS source LIMIT 0`;
  if (type === 'added') return { left: none(right), right };
  if (type === 'removed') return { left, right: none(left) };
  return { left, right };
}

export function planColumns(left: readonly TableColumn[], right: readonly TableColumn[]): ColumnPlan {
  const rightByName = new Map(right.map((column) => [column.name, column]));
  const leftNames = new Set(left.map((column) => column.name));
  const common: CommonColumn[] = [];
  for (const column of left) {
    const other = rightByName.get(column.name);
    if (other) common.push({ name: column.name, leftType: column.type, rightType: other.type });
  }
  return {
    common,
    added: right.filter((column) => !leftNames.has(column.name)),
    removed: left.filter((column) => !rightByName.has(column.name)),
  };
}

/** Reads both versions' columns and compares them. */
export async function describeSides(describe: DescribeSql, sources: RowDiffSources): Promise<ColumnPlan> {
  const [left, right] = await Promise.all([describe(sources.left), describe(sources.right)]);
  return planColumns(left, right);
}

const NUMERIC_TYPE = /^(U?(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT)|FLOAT|DOUBLE|REAL|DECIMAL(\(\d+,\s*\d+\))?)$/;

/**
 * A column whose type differs between the versions (a csv column sniffed as BIGINT in one and VARCHAR in the other)
 * is compared as text, which any value casts to; numbers of different types compare as numbers.
 */
function comparedAsText({ leftType, rightType }: CommonColumn): boolean {
  return leftType !== rightType && !(NUMERIC_TYPE.test(leftType) && NUMERIC_TYPE.test(rightType));
}

function keyIndex(plan: ColumnPlan, key: string): number {
  const index = plan.common.findIndex((column) => column.name === key);
  if (index === -1) throw new Error(`${key} is not a column of both versions.`);
  return index;
}

/**
 * One version as a relation of its common columns under positional names (c0, c1, ...) and a `present` flag, so
 * that no name of the user's clashes with the diff's own, and the missing side of an outer join shows as NULL.
 */
function sideRelation(source: string, plan: ColumnPlan): string {
  const columns = plan.common.map((column, i) => {
    const value = `source.${sqlIdentifier(column.name)}`;
    return `${comparedAsText(column) ? `CAST(${value} AS VARCHAR)` : value} AS c${i}`;
  });
  return `SELECT ${[...columns, 'TRUE AS present'].join(', ')} FROM (${source}) AS source`;
}

/**
 * How many key values occur more than once in each version. Only the key is read, and no join runs, so a key with
 * few distinct values does not multiply rows.
 */
export function duplicateKeysSql(sources: RowDiffSources, plan: ColumnPlan, key: string): string {
  const column = plan.common[keyIndex(plan, key)] as CommonColumn;
  const keyValue = `source.${sqlIdentifier(column.name)}`;
  const repeated = (source: string) =>
    `(SELECT COUNT(*) FROM (SELECT ${keyValue} FROM (${source}) AS source GROUP BY 1 HAVING COUNT(*) > 1) AS repeated)`;
  return `SELECT ${repeated(sources.left)} AS left_duplicates, ${repeated(sources.right)} AS right_duplicates`;
}

/**
 * The differing rows in key order: change, the counts of added, removed and changed rows (the same on every row,
 * over all differing rows), then for each common column its old value, new value and whether it changed.
 */
export function differingRowsSql(sources: RowDiffSources, plan: ColumnPlan, key: string, limit = ROW_DIFF_ROWS_SHOWN): string {
  const k = keyIndex(plan, key);
  const both = 'l.present AND r.present';
  const distinct = (i: number) => `l.c${i} IS DISTINCT FROM r.c${i}`;
  const compared = plan.common.map((_, i) => i).filter((i) => i !== k);
  const anyChanged = compared.length > 0 ? compared.map(distinct).join(' OR ') : 'FALSE';
  const cells = plan.common.flatMap((_, i) => [`l.c${i} AS o${i}`, `r.c${i} AS n${i}`, `COALESCE(${both} AND ${distinct(i)}, FALSE) AS d${i}`]);
  const total = (change: RowChange) => `SUM(CASE WHEN change = '${change}' THEN 1 ELSE 0 END) OVER () AS ${change}_rows`;
  const outputs = plan.common.flatMap((_, i) => [`o${i}`, `n${i}`, `d${i}`]);
  return [
    `WITH l AS (${sideRelation(sources.left, plan)}),`,
    `r AS (${sideRelation(sources.right, plan)}),`,
    'differing AS (',
    `  SELECT CASE WHEN l.present IS NULL THEN 'added' WHEN r.present IS NULL THEN 'removed' ELSE 'changed' END AS change,`,
    `    COALESCE(r.c${k}, l.c${k}) AS row_key, ${cells.join(', ')}`,
    `  FROM l FULL OUTER JOIN r ON l.c${k} IS NOT DISTINCT FROM r.c${k}`,
    `  WHERE l.present IS NULL OR r.present IS NULL OR ${anyChanged}`,
    ')',
    `SELECT change, ${total('added')}, ${total('removed')}, ${total('changed')}, ${outputs.join(', ')}`,
    `FROM differing ORDER BY row_key, change LIMIT ${limit}`,
  ].join('\n');
}

const count = (cell: SqlCell | undefined) => Number(cell ?? 0);

function readRow(cells: SqlCell[], columns: number): RowDiffRow {
  return {
    change: cells[0] as RowChange,
    cells: Array.from({ length: columns }, (_, i) => ({
      old: cells[4 + 3 * i] ?? null,
      new: cells[5 + 3 * i] ?? null,
      changed: cells[6 + 3 * i] === 'true',
    })),
  };
}

/** Checks the key, then compares the versions on it. */
export async function compareRows(run: RunSql, sources: RowDiffSources, plan: ColumnPlan, key: string): Promise<RowDiffOutcome> {
  const [duplicates] = await run(duplicateKeysSql(sources, plan, key), 1);
  const left = count(duplicates?.[0]);
  const right = count(duplicates?.[1]);
  if (left > 0 || right > 0) return { kind: 'duplicateKeys', key, left, right };
  const rows = await run(differingRowsSql(sources, plan, key), ROW_DIFF_ROWS_SHOWN);
  const first = rows[0];
  return {
    kind: 'compared',
    key,
    counts: { added: count(first?.[1]), removed: count(first?.[2]), changed: count(first?.[3]) },
    rows: rows.map((cells) => readRow(cells, plan.common.length)),
  };
}
