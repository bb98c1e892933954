import { describe, expect, it } from 'vitest';
import { fittingTabs } from '../../src/ui/components/tabFit';

// Four tabs of 100 px with 4 px between them: right edges at 100, 204, 308 and 412; the More button is 70 px.
const row = { rights: [100, 204, 308, 412], more: 70, gap: 4 };

describe('which repository tabs fit in the row', () => {
  it('shows all the tabs when they fit side by side, without a More button', () => {
    expect(fittingTabs(412, row)).toBe(4);
    expect(fittingTabs(1000, row)).toBe(4);
  });

  it('keeps as many as fit beside the More button', () => {
    // 308 + 4 + 70 = 382: three tabs and More fit in 382 px, not in 381.
    expect(fittingTabs(411, row)).toBe(3);
    expect(fittingTabs(382, row)).toBe(3);
    expect(fittingTabs(381, row)).toBe(2);
    expect(fittingTabs(100, row)).toBe(0);
  });

  it('shows all while nothing is laid out', () => {
    expect(fittingTabs(0, { rights: [0, 0, 0, 0], more: 0, gap: 0 })).toBe(4);
  });
});
