import { describe, expect, it } from 'vitest';
import type { PrefixUsage } from '../../src/api/types';
import { childName, layoutTreemap, MAP_HEIGHT, MAP_WIDTH } from '../../src/ui/insights/treemap-layout';

const usage = (children: PrefixUsage['children'], others: PrefixUsage['others'] = { children: 0, objects: 0, bytes: 0 }): PrefixUsage => ({
  prefix: 'data/',
  delimiter: '/',
  totals: { objects: 0, bytes: 0 },
  children,
  others,
});

const area = (c: { width: number; height: number }) => c.width * MAP_WIDTH * c.height * MAP_HEIGHT;

describe('treemap layout', () => {
  it('gives each child an area in proportion to its bytes, inside the map and overlapping none', () => {
    const cells = layoutTreemap(
      usage([
        { path: 'data/a/', type: 'common_prefix', objects: 10, bytes: 6000 },
        { path: 'data/b/', type: 'common_prefix', objects: 3, bytes: 3000 },
        { path: 'data/c.csv', type: 'object', objects: 1, bytes: 1000 },
      ]),
    );
    expect(cells.map((c) => [c.label, c.kind])).toEqual([
      ['a/', 'common_prefix'],
      ['b/', 'common_prefix'],
      ['c.csv', 'object'],
    ]);
    const [a, b, c] = cells.map(area) as [number, number, number];
    // Inner padding takes a little from each cell: the shares hold within a few percent.
    expect(a / b).toBeCloseTo(2, 0);
    expect(b / c).toBeGreaterThan(2.5);
    expect(b / c).toBeLessThan(3.5);
    for (const cell of cells) {
      expect(cell.left).toBeGreaterThanOrEqual(0);
      expect(cell.top).toBeGreaterThanOrEqual(0);
      expect(cell.left + cell.width).toBeLessThanOrEqual(1 + 1e-9);
      expect(cell.top + cell.height).toBeLessThanOrEqual(1 + 1e-9);
    }
    for (const x of cells)
      for (const y of cells) {
        if (x === y) continue;
        const apart = x.left + x.width <= y.left + 1e-9 || y.left + y.width <= x.left + 1e-9 || x.top + x.height <= y.top + 1e-9 || y.top + y.height <= x.top + 1e-9;
        expect(apart, `${x.label} and ${y.label} overlap`).toBe(true);
      }
  });

  it('adds one cell for the children left out, and a sliver for an empty object', () => {
    const cells = layoutTreemap(usage([{ path: 'data/empty', type: 'object', objects: 1, bytes: 0 }], { children: 7, objects: 40, bytes: 9000 }));
    expect(cells.map((c) => [c.label, c.kind, c.objects, c.bytes])).toEqual([
      ['7 more', 'others', 40, 9000],
      ['empty', 'object', 1, 0],
    ]);
    expect(area(cells[1] as (typeof cells)[number])).toBeGreaterThan(0);
  });

  it('lays out nothing for an empty prefix, and names children below the prefix', () => {
    expect(layoutTreemap(usage([]))).toEqual([]);
    expect(childName('data/', 'data/raw/')).toBe('raw/');
    expect(childName('', 'top.txt')).toBe('top.txt');
  });
});
