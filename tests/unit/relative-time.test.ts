import { describe, expect, it } from 'vitest';
import { formatRelativeUnixTime as relativeTime } from '../../src/lib/format';

const now = Date.UTC(2024, 5, 15, 12, 0, 0);
const ago = (seconds: number) => Math.floor(now / 1000) - seconds;

describe('relative time', () => {
  it('names the largest whole unit', () => {
    expect(relativeTime(ago(0), now)).toBe('now');
    expect(relativeTime(ago(42), now)).toBe('42 seconds ago');
    expect(relativeTime(ago(60), now)).toBe('1 minute ago');
    expect(relativeTime(ago(3 * 3600 + 59 * 60), now)).toBe('3 hours ago');
    expect(relativeTime(ago(86_400), now)).toBe('yesterday');
    expect(relativeTime(ago(13 * 86_400), now)).toBe('last week');
    expect(relativeTime(ago(65 * 86_400), now)).toBe('2 months ago');
    expect(relativeTime(ago(800 * 86_400), now)).toBe('2 years ago');
  });

  it('speaks of the future for a clock ahead of this one', () => {
    expect(relativeTime(ago(-120), now)).toBe('in 2 minutes');
  });
});
