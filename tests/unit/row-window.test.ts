import { describe, expect, it } from 'vitest';
import { windowOf } from '../../src/ui/components/useRowWindow';

const ROW = 44;
const view = (top: number, height = 440) => ({ top, height });

describe('the rows a fixed-height list draws', () => {
  it('draws the rows in view and the overscan on each side, within the list', () => {
    expect(windowOf(view(0), 1000, ROW, 4, undefined)).toEqual({ start: 0, end: 14 });
    // 4,400 px down: rows 100 to 109 are in view.
    expect(windowOf(view(4400), 1000, ROW, 4, 100)).toEqual({ start: 96, end: 114 });
    expect(windowOf(view(995 * ROW), 1000, ROW, 4, 995)).toEqual({ start: 991, end: 1000 });
  });

  it('counts a row cut by either edge of the view as in view', () => {
    expect(windowOf(view(ROW / 2), 1000, ROW, 0, 0)).toEqual({ start: 0, end: 11 });
  });

  it('draws no overscan when the view moved further than it holds rows, and draws it again on a slower move', () => {
    expect(windowOf(view(500 * ROW), 1000, ROW, 4, 0)).toEqual({ start: 500, end: 510 });
    expect(windowOf(view(505 * ROW), 1000, ROW, 4, 500)).toEqual({ start: 501, end: 519 });
  });

  it('draws nothing for an empty list or a viewport not yet laid out', () => {
    expect(windowOf(view(0), 0, ROW, 4, undefined)).toEqual({ start: 0, end: 0 });
    expect(windowOf(view(0, 0), 1000, ROW, 4, undefined)).toEqual({ start: 0, end: 0 });
  });

  it('keeps the window within the list when the view lies past its end (rows removed under it)', () => {
    expect(windowOf(view(2000 * ROW), 50, ROW, 4, 49)).toEqual({ start: 45, end: 50 });
  });
});
