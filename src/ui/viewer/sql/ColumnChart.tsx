import { SUMMARY_TOP_VALUES, type ColumnSummary } from '../../../lib/sql/column-summary';
import { barTitles, chartLabel } from './chart-text';

const WIDTH = 96;
const HEIGHT = 24;
const GAP = 1;

interface Bar {
  /** The bar as drawn. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** The area that shows its tooltip: the bar's whole slot, so a short bar is as easy to point at as a tall one. */
  slot: { x: number; y: number; width: number; height: number };
}

function bars(summary: ColumnSummary): Bar[] {
  const counts = summary.kind === 'histogram' ? summary.bins : summary.values.map((v) => v.count);
  const most = Math.max(1, ...counts);
  if (summary.kind === 'histogram') {
    const width = WIDTH / counts.length;
    return counts.map((n, i) => {
      const height = n === 0 ? 0 : Math.max(1, (n / most) * HEIGHT);
      const slot = { x: i * width, y: 0, width, height: HEIGHT };
      return { x: slot.x, y: HEIGHT - height, width: Math.max(1, width - GAP), height, slot };
    });
  }
  const height = HEIGHT / SUMMARY_TOP_VALUES;
  return counts.map((n, i) => {
    const slot = { x: 0, y: i * height, width: WIDTH, height };
    return { x: 0, y: slot.y, width: Math.max(1, (n / most) * WIDTH), height: height - GAP, slot };
  });
}

/**
 * A sparkline-sized chart of a result column: a histogram of numbers and dates, the top values of text. Its name
 * says all it shows; each bar's tooltip names its bin or value and its rows.
 */
export function ColumnChart({ summary }: { summary: ColumnSummary }) {
  const label = chartLabel(summary);
  const titles = barTitles(summary);
  return (
    <svg width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} style={{ display: 'block' }}>
      <title>{label}</title>
      {bars(summary).map((bar, i) => (
        <g key={i}>
          <title>{titles[i]}</title>
          <rect {...bar.slot} fill="transparent" />
          <rect x={bar.x} y={bar.y} width={bar.width} height={bar.height} fill="currentColor" />
        </g>
      ))}
    </svg>
  );
}
