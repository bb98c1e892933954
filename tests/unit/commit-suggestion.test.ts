import { describe, expect, it } from 'vitest';
import { suggestCommitMessage } from '../../src/machines/commit/suggestion';

const added = (path: string) => ({ type: 'added' as const, path });
const removed = (path: string) => ({ type: 'removed' as const, path });
const changed = (path: string) => ({ type: 'changed' as const, path });

describe('the suggested commit message', () => {
  it('names one file with what was done to it', () => {
    expect(suggestCommitMessage([added('data/lakes.csv')], true)).toBe('Add data/lakes.csv');
    expect(suggestCommitMessage([removed('old.txt')], true)).toBe('Delete old.txt');
    expect(suggestCommitMessage([changed('README.md')], true)).toBe('Update README.md');
  });

  it('counts several files and names the deepest folder they share', () => {
    expect(suggestCommitMessage([changed('data/a.csv'), added('data/b.csv')], true)).toBe('Update 2 files in data/');
    expect(suggestCommitMessage([added('data/2024/a.csv'), added('data/2024/q1/b.csv')], true)).toBe('Add 2 files in data/2024/');
    expect(suggestCommitMessage([removed('data/2024/a.csv'), removed('data/2025/b.csv'), removed('data/c')], true)).toBe(
      'Delete 3 files in data/',
    );
    // "data/" and "database/" share a beginning, not a folder.
    expect(suggestCommitMessage([added('data/a'), added('database/b')], true)).toBe('Add 2 files');
    expect(suggestCommitMessage([added('a.txt'), changed('b.txt')], true)).toBe('Update 2 files');
  });

  it('writes large counts with separators, and leaves the count out when the page did not hold every change', () => {
    const many = Array.from({ length: 1200 }, (_, i) => added(`logs/${i}.json`));
    expect(suggestCommitMessage(many, true)).toBe('Add 1,200 files in logs/');
    expect(suggestCommitMessage(many.slice(0, 1000), false)).toBe('Add files in logs/');
    expect(suggestCommitMessage([added('logs/only-one-read.json')], false)).toBe('Add files in logs/');
  });

  it('suggests nothing for no changes', () => {
    expect(suggestCommitMessage([], true)).toBeNull();
  });
});
