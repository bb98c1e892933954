// The small chart above each result column: a histogram of a number or date column, the most frequent values of a
// text column. DuckDB computes them over the result rows (a table of them), with the queries built here.
import type { SqlColumn } from './arrow-values';

export const SUMMARY_BINS = 12;
export const SUMMARY_TOP_VALUES = 3;

/** What a histogram's bins span: numbers, or dates and timestamps as epoch seconds. */
export type HistogramScale = 'number' | 'date' | 'timestamp';

export type ColumnSummary =
  | {
      kind: 'histogram';
      column: string;
      /** Row counts of SUMMARY_BINS equal-width bins from `from` to `to` (one bin when they are equal). */
      bins: number[];
      /** The smallest and largest value as DuckDB prints them. */
      min: string;
      max: string;
      /** The same values on the bins' scale, so each bin's range can be named. */
      from: number;
      to: number;
      scale: HistogramScale;
      nulls: number;
      /** The rows summarised (the result's rows shown), NULLs included. */
      rows: number;
    }
  | {
      kind: 'top';
      column: string;
      /** The most frequent values, most frequent first. */
      values: { value: string; count: number }[];
      distinct: number;
      nulls: number;
      rows: number;
    };

/** A double-quoted SQL identifier. */
export function sqlIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export interface SummaryQueries {
  /** One row: rows, nulls, distinct, lo, hi, and for a histogram its scale's x_lo and x_hi. */
  stats: string;
  /** Rows of (bin, n) for a histogram, or (value, n) for top values. */
  counts: string;
}

/** The queries that summarise `column` of `table`, or undefined for a column no chart is drawn for. */
export function summaryQueries(table: string, column: SqlColumn): SummaryQueries | undefined {
  if (column.kind === 'other') return undefined;
  const c = sqlIdentifier(column.name);
  const t = sqlIdentifier(table);
  const common =
    `SELECT count(*)::INTEGER AS "rows", count(*) FILTER (WHERE ${c} IS NULL)::INTEGER AS nulls, ` +
    `count(DISTINCT ${c})::INTEGER AS "distinct", min(${c})::VARCHAR AS lo, max(${c})::VARCHAR AS hi`;
  if (column.kind === 'text') {
    return {
      stats: `${common} FROM ${t}`,
      counts: `SELECT ${c}::VARCHAR AS value, count(*)::INTEGER AS n FROM ${t} WHERE ${c} IS NOT NULL GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${SUMMARY_TOP_VALUES}`,
    };
  }
  // Dates and timestamps are binned by their epoch seconds.
  const x = column.kind === 'temporal' ? `epoch(${c})` : c;
  const last = SUMMARY_BINS - 1;
  return {
    stats: `${common}, CAST(min(${x}) AS DOUBLE) AS x_lo, CAST(max(${x}) AS DOUBLE) AS x_hi FROM ${t}`,
    counts:
      `WITH v AS (SELECT CAST(${x} AS DOUBLE) AS x FROM ${t} WHERE ${c} IS NOT NULL), ` +
      `r AS (SELECT min(x) AS lo, max(x) AS hi FROM v) ` +
      `SELECT CASE WHEN r.hi = r.lo THEN 0 ELSE least(CAST(floor((v.x - r.lo) / (r.hi - r.lo) * ${SUMMARY_BINS}) AS INTEGER), ${last}) END AS bin, ` +
      `count(*)::INTEGER AS n FROM v, r GROUP BY 1 ORDER BY 1`,
  };
}

export interface SummaryStats {
  rows: number;
  nulls: number;
  distinct: number;
  lo: string | null;
  hi: string | null;
  /** A histogram's lo and hi on its scale. */
  x_lo?: number | null;
  x_hi?: number | null;
}

/** The summary from the two queries' rows (the counts as [bin or value, n]). */
export function summaryFrom(column: SqlColumn, stats: SummaryStats, counts: Array<[string | number, number]>): ColumnSummary {
  if (column.kind === 'text') {
    return {
      kind: 'top',
      column: column.name,
      values: counts.map(([value, count]) => ({ value: String(value), count })),
      distinct: stats.distinct,
      nulls: stats.nulls,
      rows: stats.rows,
    };
  }
  const bins = new Array<number>(SUMMARY_BINS).fill(0);
  for (const [bin, n] of counts) bins[Number(bin)] = n;
  return {
    kind: 'histogram',
    column: column.name,
    bins: stats.lo === stats.hi ? bins.slice(0, 1) : bins,
    min: stats.lo ?? '',
    max: stats.hi ?? '',
    from: stats.x_lo ?? 0,
    to: stats.x_hi ?? 0,
    scale: column.kind === 'number' ? 'number' : column.type === 'DATE' ? 'date' : 'timestamp',
    nulls: stats.nulls,
    rows: stats.rows,
  };
}
