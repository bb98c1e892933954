import { describe, expect, it } from 'vitest';
import { delimiterFor, parseDelimited } from '../../src/ui/viewer/delimited';

const csv = (text: string, complete = true, maxRecords = 100) =>
  parseDelimited(text, { delimiter: ',', maxRecords, complete });

describe('reading CSV and TSV', () => {
  it('splits records and fields, with CRLF, LF or CR line ends', () => {
    expect(csv('a,b\r\n1,2\n3,4\r5,6')).toEqual({
      records: [
        ['a', 'b'],
        ['1', '2'],
        ['3', '4'],
        ['5', '6'],
      ],
      more: false,
    });
  });

  it('reads quoted fields: delimiters, doubled quotes and line breaks inside them', () => {
    expect(csv('name,note\n"Lake, The","say ""hi"""\n"two\nlines",x\n').records).toEqual([
      ['name', 'note'],
      ['Lake, The', 'say "hi"'],
      ['two\nlines', 'x'],
    ]);
  });

  it('keeps empty fields, skips blank lines and a byte order mark, and takes a stray quote literally', () => {
    expect(csv('\ufeffa,,c\n\n\nd,e"f,\n').records).toEqual([
      ['a', '', 'c'],
      ['d', 'e"f', ''],
    ]);
  });

  it('drops the last record of a prefix, which may be cut short, even inside quotes', () => {
    expect(csv('a,b\n1,2\n3,', false)).toEqual({ records: [['a', 'b'], ['1', '2']], more: true });
    expect(csv('a,b\n1,"still\nopen', false)).toEqual({ records: [['a', 'b']], more: true });
    // A whole file keeps its last record even without a final line end.
    expect(csv('a,b\n1,2').records).toEqual([['a', 'b'], ['1', '2']]);
  });

  it('stops at the record cap and says whether records follow', () => {
    expect(csv('h\n1\n2\n3\n', true, 3)).toEqual({ records: [['h'], ['1'], ['2']], more: true });
    expect(csv('h\n1\n2\n\n', true, 3)).toEqual({ records: [['h'], ['1'], ['2']], more: false });
  });

  it('uses tabs for .tsv files and commas otherwise', () => {
    expect(delimiterFor('data/lakes.TSV')).toBe('\t');
    expect(delimiterFor('data/lakes.csv')).toBe(',');
    expect(parseDelimited('a\tb,c\n', { delimiter: '\t', maxRecords: 10, complete: true }).records).toEqual([['a', 'b,c']]);
  });
});
