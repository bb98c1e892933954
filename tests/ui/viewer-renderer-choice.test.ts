import { describe, expect, it } from 'vitest';
import { chooseRenderer, dataFormat, languageFor, type RendererKind } from '../../src/ui/viewer/renderer-kind';

const MiB = 1024 * 1024;

describe('chooseRenderer', () => {
  const table: Array<[string, string | undefined, number, RendererKind]> = [
    // content type decides first
    ['notes.txt', 'text/markdown', 10, 'markdown'],
    ['blob', 'image/png', 10, 'image'],
    ['blob', 'application/pdf', 10, 'pdf'],
    ['blob', 'application/x-ipynb+json', 10, 'notebook'],
    ['photo.bin', 'image/jpeg; charset=binary', 10, 'image'],
    // then the extension
    ['README.md', 'application/octet-stream', 10, 'markdown'],
    ['analysis.ipynb', undefined, 10, 'notebook'],
    ['images/lake.PNG', '', 10, 'image'],
    ['docs/manual.pdf', 'application/octet-stream', 10, 'pdf'],
    ['src/main.py', 'application/octet-stream', 10, 'text'],
    ['config.yaml', undefined, 10, 'text'],
    ['Dockerfile', undefined, 10, 'text'],
    // data files by extension, even when the content type says text, and whatever their size
    ['lakes.parquet', 'application/octet-stream', 10, 'data'],
    ['table.csv', 'text/csv', 10, 'data'],
    ['table.tsv', undefined, 50 * MiB, 'data'],
    // and by their content type
    ['exports/lakes', 'application/vnd.apache.parquet', 10, 'data'],
    ['exports/lakes', 'text/csv; charset=utf-8', 10, 'data'],
    ['exports/lakes.txt', 'text/tab-separated-values', 30 * MiB, 'data'],
    // generic text content types as a fallback
    ['no-extension', 'text/plain', 10, 'text'],
    ['payload', 'application/json', 10, 'text'],
    // nothing known
    ['archive.zip', 'application/zip', 10, 'unsupported'],
    ['blob', undefined, 10, 'unsupported'],
    // the 20 MiB cap
    ['big.txt', 'text/plain', 20971520, 'text'],
    ['big.txt', 'text/plain', 20971521, 'too-large'],
    ['huge.png', 'image/png', 21 * MiB, 'too-large'],
    ['huge.zip', 'application/zip', 21 * MiB, 'too-large'],
  ];

  it.each(table)('%s (%s, %i bytes) → %s', (path, contentType, sizeBytes, expected) => {
    expect(chooseRenderer({ path, contentType, sizeBytes })).toBe(expected);
  });
});

describe('dataFormat', () => {
  it('reads the extension first, then the content type', () => {
    expect(dataFormat({ path: 'a/lakes.csv', contentType: 'text/plain' })).toBe('csv');
    expect(dataFormat({ path: 'a/lakes.PARQUET', contentType: undefined })).toBe('parquet');
    expect(dataFormat({ path: 'a/lakes', contentType: 'application/x-parquet' })).toBe('parquet');
    expect(dataFormat({ path: 'a/lakes', contentType: 'text/tab-separated-values; charset=utf-8' })).toBe('tsv');
    expect(dataFormat({ path: 'a/lakes.json', contentType: 'application/json' })).toBeUndefined();
  });
});

describe('languageFor', () => {
  it('prefers the extension, then the content type, then plain text', () => {
    expect(languageFor({ path: 'a/b.py', contentType: 'text/plain' })).toBe('python');
    expect(languageFor({ path: 'a/b', contentType: 'text/x-python' })).toBe('python');
    expect(languageFor({ path: 'a/b', contentType: 'application/x-sh' })).toBe('bash');
    expect(languageFor({ path: 'a/b', contentType: 'application/ld+json' })).toBe('json');
    expect(languageFor({ path: 'a/b.unknown', contentType: 'text/whatever' })).toBe('plaintext');
  });
});
