import { describe, expect, it } from 'vitest';
import { destinationFor, normalizeObjectPath } from '../../src/machines/upload-queue/destination';

describe('upload destinations', () => {
  it('turns backslashes into slashes and removes leading slashes', () => {
    expect(normalizeObjectPath('\\dir\\sub\\a.txt')).toBe('dir/sub/a.txt');
    expect(normalizeObjectPath('//a.txt')).toBe('a.txt');
  });

  it('places a file under the current prefix with its relative path', () => {
    expect(destinationFor('', 'a.txt')).toBe('a.txt');
    expect(destinationFor('data/', 'a.txt')).toBe('data/a.txt');
    expect(destinationFor('data', 'sub/a.txt')).toBe('data/sub/a.txt');
    expect(destinationFor('/data/', '/folder/a.txt')).toBe('data/folder/a.txt');
  });
});
