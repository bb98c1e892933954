import { describe, expect, it } from 'vitest';
import { moveInGrid } from '../../src/ui/components/useGridNavigation';

describe('grid keys', () => {
  const at = { row: 5, col: 2 };
  it.each([
    ['ArrowUp', { row: 4, col: 2 }],
    ['ArrowDown', { row: 6, col: 2 }],
    ['ArrowLeft', { row: 5, col: 1 }],
    ['ArrowRight', { row: 5, col: 3 }],
    ['PageUp', { row: 0, col: 2 }],
    ['PageDown', { row: 15, col: 2 }],
    ['Home', { row: 0, col: 2 }],
    ['End', { row: 19, col: 2 }],
    ['x', undefined],
  ])('%s moves from row 5, column 2 of 20 rows by 4 columns to %o', (key, expected) => {
    expect(moveInGrid(key, at, 20, 4)).toEqual(expected);
  });

  it('stays inside the grid at its edges', () => {
    expect(moveInGrid('ArrowUp', { row: 0, col: 0 }, 3, 2)).toEqual({ row: 0, col: 0 });
    expect(moveInGrid('ArrowRight', { row: 2, col: 1 }, 3, 2)).toEqual({ row: 2, col: 1 });
    expect(moveInGrid('PageDown', { row: 1, col: 0 }, 3, 2)).toEqual({ row: 2, col: 0 });
  });
});
