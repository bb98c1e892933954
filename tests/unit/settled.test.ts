import { describe, expect, it, vi } from 'vitest';
import { settled } from '../../src/ui/components/settled';

const MB = 1024 * 1024;

describe('settled: the kept results views read with use()', () => {
  it('answers the same promise for the same key, and works it out once', async () => {
    const work = vi.fn(async () => 'rendered');
    const first = settled('same\0input', work);
    expect(settled('same\0input', work)).toBe(first);
    expect(await first).toEqual({ ok: true, value: 'rendered' });
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('gives a failure as a value', async () => {
    const failure = new Error('no highlighter');
    expect(await settled('failing\0input', async () => Promise.reject(failure))).toEqual({ ok: false, error: failure });
  });

  it('keeps the 64 most recently asked results', () => {
    const work = vi.fn(async () => 'x');
    for (let i = 0; i < 64; i++) settled(`count\0${i}`, work);
    settled('count\x000', work); // asked again: now the most recent
    settled('count\x0064', work); // the 65th: the least recently asked (1) goes
    expect(work).toHaveBeenCalledTimes(65);
    settled('count\x000', work);
    expect(work).toHaveBeenCalledTimes(65);
    settled('count\x001', work);
    expect(work).toHaveBeenCalledTimes(66);
  });

  it('keeps large inputs within a memory budget, the newest always', () => {
    const work = vi.fn(async () => 'x');
    const large = (n: number) => `large\0${n}${'a'.repeat(6 * MB)}`;
    settled(large(1), work);
    settled(large(2), work);
    settled(large(3), work); // 18 MB of keys: the oldest goes
    expect(work).toHaveBeenCalledTimes(3);
    settled(large(3), work);
    settled(large(2), work);
    expect(work).toHaveBeenCalledTimes(3);
    settled(large(1), work);
    expect(work).toHaveBeenCalledTimes(4);
    // An input over the whole budget is still kept while it is the newest: its render reads it again.
    const huge = `huge\0${'b'.repeat(20 * MB)}`;
    const promise = settled(huge, work);
    expect(settled(huge, work)).toBe(promise);
    expect(work).toHaveBeenCalledTimes(5);
  });
});
