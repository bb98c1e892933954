import { describe, expect, it } from 'vitest';
import { RECENT_FILES_KEPT, recentFiles, rememberRecentFile } from '../../src/machines/finder/recent-files';

/** The browser's local storage, as far as the recent files use it. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

describe('recent files', () => {
  it('keeps the newest first, each once, per repository, at most RECENT_FILES_KEPT', () => {
    const storage = memoryStorage();
    for (let i = 0; i < 12; i++) rememberRecentFile('lake', `f${i}.csv`, storage);
    rememberRecentFile('lake', 'f5.csv', storage);
    rememberRecentFile('other', 'x.csv', storage);
    expect(RECENT_FILES_KEPT).toBe(10);
    const kept = ['f5.csv', 'f11.csv', 'f10.csv', 'f9.csv', 'f8.csv', 'f7.csv', 'f6.csv', 'f4.csv', 'f3.csv', 'f2.csv'];
    expect(recentFiles('lake', storage)).toEqual(kept);
    expect(recentFiles('other', storage)).toEqual(['x.csv']);
    expect(recentFiles('none', storage)).toEqual([]);
  });

  it('reads a damaged or refused storage as no recent files, and remembering there fails quietly', () => {
    const storage = memoryStorage();
    storage.setItem('tarn:recent-files:lake', '{not json');
    expect(recentFiles('lake', storage)).toEqual([]);
    storage.setItem('tarn:recent-files:lake', JSON.stringify({ path: 'a' }));
    expect(recentFiles('lake', storage)).toEqual([]);
    storage.setItem('tarn:recent-files:lake', JSON.stringify(['a.csv', 7, '', 'b.csv']));
    expect(recentFiles('lake', storage)).toEqual(['a.csv', 'b.csv']);
    const full: Storage = {
      ...memoryStorage(),
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => rememberRecentFile('lake', 'a.csv', full)).not.toThrow();
    expect(recentFiles('lake', full)).toEqual([]);
  });
});
