import { SUMMARY_TOP_VALUES, type ColumnSummary } from '../../../lib/sql/column-summary';
import { formatCount as count } from '../../../lib/format';

const WIDTH = 96;
const HEIGHT = 24;
const GAP = 1;


/** What the chart shows, in words: its accessible name and its tooltip. */
export function chartLabel(summary: ColumnSummary): string {
  const nulls = summary.nulls > 0 ? `; ${count(summary.nulls)} NULL` : '';
  if (summary.kind === 'top') {
    if (summary.values.length === 0) return `${summary.column}: no values${nulls}`;
    const values = summary.values.map((v) => `${v.value} (${count(v.count)})`).join(', ');
    return `Most frequent values of ${summary.column}: ${values}; ${count(summary.distinct)} distinct${nulls}`;
  }
  if (summary.min === '' && summary.max === '') return `${summary.column}: no values${nulls}`;
  return `Histogram of ${summary.column} from ${summary.min} to ${summary.max}: ${summary.bins.map(count).join(', ')} rows per bin${nulls}`;
}

/** A sparkline-sized chart of a result column: a histogram of numbers and dates, the top values of text. */
export function ColumnChart({ summary }: { summary: ColumnSummary }) {
  const label = chartLabel(summary);
  const bars = summary.kind === 'histogram' ? summary.bins : summary.values.map((v) => v.count);
  const most = Math.max(1, ...bars);
  return (
    <svg width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} style={{ display: 'block' }}>
      <title>{label}</title>
      {summary.kind === 'histogram'
        ? bars.map((n, i) => {
            const width = WIDTH / bars.length;
            const height = n === 0 ? 0 : Math.max(1, (n / most) * HEIGHT);
            return <rect key={i} x={i * width} y={HEIGHT - height} width={Math.max(1, width - GAP)} height={height} fill="currentColor" />;
          })
        : bars.map((n, i) => {
            const height = HEIGHT / SUMMARY_TOP_VALUES;
            return <rect key={i} x={0} y={i * height} width={Math.max(1, (n / most) * WIDTH)} height={height - GAP} fill="currentColor" />;
          })}
    </svg>
  );
}
