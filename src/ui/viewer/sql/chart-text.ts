// The words of a column chart (docs/behaviour.md, Object viewer): its accessible name, and the tooltip of each bar,
// which names the bin's range or the value, and how many rows it holds.
import type { ColumnSummary, HistogramScale } from '../../../lib/sql/column-summary';
import { formatCount as count, formatCountOf } from '../../../lib/format';
import { formatNumber, groupDigits } from '../../../lib/sql/number-text';

type Histogram = Extract<ColumnSummary, { kind: 'histogram' }>;

const DAY_SECONDS = 86_400;

const rowsText = (n: number) => formatCountOf(n, 'row', 'rows');

/** The share of a column's rows that are NULL: "25% null"; never rounded to 0% or 100% when it is not. */
export function nullShare({ nulls, rows }: Pick<ColumnSummary, 'nulls' | 'rows'>): string {
  if (rows === 0 || nulls === 0) return '0% null';
  const percent = (nulls / rows) * 100;
  if (percent < 1) return '<1% null';
  if (nulls < rows && percent > 99) return '>99% null';
  return `${Math.round(percent)}% null`;
}

/** A point of a histogram's scale as the column shows it: a number, a date, or a timestamp (UTC, as DuckDB's). */
function scaleText(value: number, scale: HistogramScale, step: number): string {
  if (scale === 'number') return formatNumber(value, step);
  const iso = new Date(value * 1000).toISOString();
  if (scale === 'date' && step >= DAY_SECONDS) return iso.slice(0, 10);
  return `${iso.slice(0, 10)} ${step >= 60 ? iso.slice(11, 16) : iso.slice(11, 19)}`;
}

/** Each bin's tooltip: its range, and the rows in it. */
function binTitles(summary: Histogram): string[] {
  const { bins, from, to, scale } = summary;
  if (bins.length === 1) {
    const value = scale === 'number' ? groupDigits(summary.min) : summary.min;
    return bins.map((n) => `${value}: ${rowsText(n)}`);
  }
  const step = (to - from) / bins.length;
  return bins.map((n, i) => {
    const low = scaleText(from + i * step, scale, step);
    const high = scaleText(i === bins.length - 1 ? to : from + (i + 1) * step, scale, step);
    return `${low} to ${high}: ${rowsText(n)}`;
  });
}

/** The tooltip of each bar, in the order they are drawn. */
export function barTitles(summary: ColumnSummary): string[] {
  if (summary.kind === 'histogram') return binTitles(summary);
  return summary.values.map((v) => `${v.value}: ${rowsText(v.count)}`);
}

/** What the chart shows, in words: its accessible name and its tooltip. */
export function chartLabel(summary: ColumnSummary): string {
  const nulls = nullShare(summary);
  if (summary.kind === 'top') {
    if (summary.values.length === 0) return `${summary.column}: no values; ${nulls}`;
    const values = summary.values.map((v) => `${v.value} (${count(v.count)})`).join(', ');
    return `Most frequent values of ${summary.column}: ${values}; ${count(summary.distinct)} distinct; ${nulls}`;
  }
  if (summary.min === '' && summary.max === '') return `${summary.column}: no values; ${nulls}`;
  const [min, max] = summary.scale === 'number' ? [groupDigits(summary.min), groupDigits(summary.max)] : [summary.min, summary.max];
  return `Histogram of ${summary.column} from ${min} to ${max}: ${summary.bins.map(count).join(', ')} rows per bin; ${nulls}`;
}
