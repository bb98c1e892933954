import { describe, expect, it } from 'vitest';
import { commitMessage, commitMessageForPicker, formatCount, formatDate, formatRelativeTime, formatSize, shortCommitId } from '../../src/lib/format';

describe('formatDate', () => {
  it('formats unix seconds as MM/DD/YYYY HH:mm:ss in local time', () => {
    const seconds = new Date(2024, 0, 2, 3, 4, 5).getTime() / 1000;
    expect(formatDate(seconds)).toBe('01/02/2024 03:04:05');
  });

  it('reads a string as an ISO date', () => {
    const iso = new Date(2023, 11, 31, 23, 59, 58).toISOString();
    expect(formatDate(iso)).toBe('12/31/2023 23:59:58');
  });

  it('returns the input unchanged when it is not a date', () => {
    expect(formatDate('not a date')).toBe('not a date');
  });
});

describe('shortCommitId', () => {
  it('keeps the first 12 characters', () => {
    expect(shortCommitId('0123456789abcdef0123')).toBe('0123456789ab');
    expect(shortCommitId('abc')).toBe('abc');
  });
});

describe('formatCount', () => {
  it('separates thousands with commas, as en-US does', () => {
    for (const n of [0, 7, 999, 1000, 2500, 100_000, 1_234_567, -1_234_567, 9_007_199_254_740_991, 1234.5678]) {
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
    }
    expect(formatCount(2500)).toBe('2,500');
  });
});

describe('formatSize', () => {
  it('uses 1024-based units', () => {
    expect(formatSize(0)).toBe('0 B');
    expect(formatSize(1023)).toBe('1023 B');
    expect(formatSize(1024)).toBe('1.0 KB');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(20_971_520)).toBe('20.0 MB');
    expect(formatSize(1024 ** 3)).toBe('1.0 GB');
  });

  it('returns an empty string for impossible sizes', () => {
    expect(formatSize(-1)).toBe('');
    expect(formatSize(Number.NaN)).toBe('');
  });
});

describe('commit messages', () => {
  it('cuts picker messages over 60 characters to 40 plus an ellipsis', () => {
    const sixty = 'a'.repeat(60);
    expect(commitMessageForPicker(sixty)).toBe(sixty);
    expect(commitMessageForPicker('b'.repeat(61))).toBe(`${'b'.repeat(40)}…`);
  });

  it("shows 'repository epoch' in the picker and '(No commit message)' elsewhere for an empty message", () => {
    expect(commitMessageForPicker('')).toBe('repository epoch');
    expect(commitMessage('')).toBe('(No commit message)');
    expect(commitMessage('add data')).toBe('add data');
  });
});

describe('formatRelativeTime', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

  it('says how long ago in the largest whole unit', () => {
    expect(formatRelativeTime(ago(3 * 3600 + 120), now)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(24 * 3600), now)).toBe('yesterday');
    expect(formatRelativeTime(ago(400 * 24 * 3600), now)).toBe('last year');
  });

  it('says just now for the last minute, and gives an unreadable date back as it is', () => {
    expect(formatRelativeTime(ago(20), now)).toBe('just now');
    expect(formatRelativeTime('soon', now)).toBe('soon');
  });
});
