import { describe, expect, it } from 'vitest';
import { randomHex } from '../../../server/blockstore/random-hex';

describe('randomHex', () => {
  it('gives hex of the length asked, never the same twice across many refills of its pool', () => {
    const seen = new Set<string>();
    // 10 bytes a name: about 4,000 names pass through the 4 KiB pool ten times.
    for (let i = 0; i < 4_000; i++) {
      const hex = randomHex(10);
      expect(hex).toMatch(/^[0-9a-f]{20}$/);
      seen.add(hex);
    }
    expect(seen.size).toBe(4_000);
    expect(randomHex(4096)).toMatch(/^[0-9a-f]{8192}$/);
  });

  it('refuses more bytes than its pool holds', () => {
    expect(() => randomHex(4097)).toThrow(RangeError);
  });
});
