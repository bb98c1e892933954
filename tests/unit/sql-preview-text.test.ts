// The words and numbers of the SQL preview's grid (docs/behaviour.md, Object viewer): thousands separators, the
// column charts' tooltips and names, and the count of columns past the edge of a wide result.
import { describe, expect, it } from 'vitest';
import type { ColumnSummary } from '../../src/lib/sql/column-summary';
import { formatNumber, groupDigits } from '../../src/lib/sql/number-text';
import { barTitles, chartLabel, nullShare } from '../../src/ui/viewer/sql/chart-text';
import { columnsPast } from '../../src/ui/viewer/sql/useSidewaysOverflow';

describe('numbers in the grid', () => {
  it('groups the digits of DuckDB’s text of a number, keeping every digit', () => {
    expect(groupDigits('1642')).toBe('1,642');
    expect(groupDigits('-1234567.125')).toBe('-1,234,567.125');
    expect(groupDigits('12345678901234567890')).toBe('12,345,678,901,234,567,890');
    expect(groupDigits('0.5')).toBe('0.5');
    for (const text of ['Infinity', 'NaN', '1e+30', '']) expect(groupDigits(text)).toBe(text);
  });

  it('writes a bin’s edge with as many decimals as the bins’ width needs', () => {
    expect(formatNumber(1642.4, 100)).toBe('1,642');
    expect(formatNumber(1.6667, 0.667)).toBe('1.7');
    expect(formatNumber(0.125, 0.05)).toBe('0.13');
  });
});

const histogram = (summary: Partial<Extract<ColumnSummary, { kind: 'histogram' }>>): ColumnSummary => ({
  kind: 'histogram',
  column: 'c',
  bins: [1],
  min: '',
  max: '',
  from: 0,
  to: 0,
  scale: 'number',
  nulls: 0,
  rows: 1,
  ...summary,
});

describe('column charts in words', () => {
  it('names each bin by its range on the column’s scale', () => {
    const days = 86_400;
    const dates = histogram({ bins: [2, 1], min: '2024-01-01', max: '2024-01-05', from: 19_723 * days, to: 19_727 * days, scale: 'date' });
    expect(barTitles(dates)).toEqual(['2024-01-01 to 2024-01-03: 2 rows', '2024-01-03 to 2024-01-05: 1 row']);
    const hours = histogram({ bins: [4, 0], from: 0, to: 3600, scale: 'timestamp' });
    expect(barTitles(hours)).toEqual(['1970-01-01 00:00 to 1970-01-01 00:30: 4 rows', '1970-01-01 00:30 to 1970-01-01 01:00: 0 rows']);
    // All values equal: one bin, named by the value.
    expect(barTitles(histogram({ bins: [7], min: '5000', max: '5000', from: 5000, to: 5000 }))).toEqual(['5,000: 7 rows']);
  });

  it('says the share of NULLs, never rounding a few to none or all', () => {
    expect(nullShare({ nulls: 1, rows: 4 })).toBe('25% null');
    expect(nullShare({ nulls: 0, rows: 4 })).toBe('0% null');
    expect(nullShare({ nulls: 1, rows: 1000 })).toBe('<1% null');
    expect(nullShare({ nulls: 999, rows: 1000 })).toBe('>99% null');
    expect(nullShare({ nulls: 3, rows: 3 })).toBe('100% null');
  });

  it('names a chart with no values by its column', () => {
    expect(chartLabel(histogram({ bins: [], nulls: 2, rows: 2 }))).toBe('c: no values; 100% null');
    expect(chartLabel({ kind: 'top', column: 't', values: [], distinct: 0, nulls: 0, rows: 0 })).toBe('t: no values; 0% null');
  });
});

describe('a result wider than its box', () => {
  it('counts the columns whose right edge lies past the box’s, forgiving a pixel of rounding', () => {
    expect(columnsPast(500, [150, 300, 450, 600, 750])).toBe(2);
    expect(columnsPast(500, [150, 300, 501])).toBe(0);
    expect(columnsPast(500, [])).toBe(0);
  });
});
