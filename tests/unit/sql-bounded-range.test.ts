import { describe, expect, it } from 'vitest';
import { boundedRange, MAX_RANGE_BYTES } from '../../src/lib/sql/bounded-range';

describe('boundedRange', () => {
  it('cuts a long range to MAX_RANGE_BYTES from the same start', () => {
    expect(boundedRange('bytes=5586949-22364164')).toBe(`bytes=5586949-${5586949 + MAX_RANGE_BYTES - 1}`);
  });

  it('leaves a range within the bound as it is', () => {
    expect(boundedRange('bytes=0-0')).toBe('bytes=0-0');
    expect(boundedRange(`bytes=10-${10 + MAX_RANGE_BYTES - 1}`)).toBe(`bytes=10-${10 + MAX_RANGE_BYTES - 1}`);
  });

  it('leaves open-ended, suffix and multi-part ranges alone', () => {
    for (const value of ['bytes=0-', 'bytes=-500', 'bytes=0-10,20-30']) expect(boundedRange(value)).toBe(value);
  });
});
