import { describe, expect, it } from 'vitest';
import {
  DateDay,
  Decimal,
  Field,
  Float64,
  Int32,
  Int64,
  List,
  makeData,
  makeVector,
  Struct,
  TimeMicrosecond,
  TimestampMicrosecond,
  Uint8,
  Utf8,
  vectorFromArray,
  Binary,
  type DataType,
} from 'apache-arrow';
import { cellText, columnKind, duckdbTypeName } from '../../src/lib/sql/arrow-values';
import { summaryFrom, summaryQueries, SUMMARY_BINS } from '../../src/lib/sql/column-summary';

function first<T extends DataType>(type: T, values: unknown[]): unknown {
  return vectorFromArray(values, type).get(0);
}

describe('DuckDB type names of Arrow types', () => {
  it('names each type as DuckDB does', () => {
    expect(duckdbTypeName(new Int32())).toBe('INTEGER');
    expect(duckdbTypeName(new Int64())).toBe('BIGINT');
    expect(duckdbTypeName(new Uint8())).toBe('UTINYINT');
    expect(duckdbTypeName(new Float64())).toBe('DOUBLE');
    expect(duckdbTypeName(new Utf8())).toBe('VARCHAR');
    expect(duckdbTypeName(new Decimal(2, 10, 128))).toBe('DECIMAL(10,2)');
    expect(duckdbTypeName(new TimestampMicrosecond())).toBe('TIMESTAMP');
    expect(duckdbTypeName(new TimestampMicrosecond('UTC'))).toBe('TIMESTAMP WITH TIME ZONE');
    expect(duckdbTypeName(new List(new Field('l', new Int32())))).toBe('INTEGER[]');
    expect(duckdbTypeName(new Struct([new Field('a', new Int32()), new Field('b', new Utf8())]))).toBe('STRUCT(a INTEGER, b VARCHAR)');
  });

  it('sorts columns into numbers, dates, text and the rest', () => {
    expect(columnKind(new Decimal(2, 10, 128))).toBe('number');
    expect(columnKind(new DateDay())).toBe('temporal');
    expect(columnKind(new Utf8())).toBe('text');
    expect(columnKind(new List(new Field('l', new Int32())))).toBe('other');
  });
});

describe('cellText', () => {
  it('prints values as DuckDB does', () => {
    expect(cellText(null, new Utf8())).toBeNull();
    expect(cellText(first(new Int64(), [9007199254740993n]), new Int64())).toBe('9007199254740993');
    expect(cellText(first(new Float64(), [0.5]), new Float64())).toBe('0.5');
    expect(cellText(first(new DateDay(), [new Date(Date.UTC(2024, 0, 2))]), new DateDay())).toBe('2024-01-02');
    const timestamp = new TimestampMicrosecond();
    expect(cellText(first(timestamp, [Date.UTC(2024, 0, 2, 3, 4, 5, 123)]), timestamp)).toBe('2024-01-02 03:04:05.123');
    const time = makeVector(makeData({ type: new TimeMicrosecond(), length: 1, data: new BigInt64Array([3_723_500_000n]) }));
    expect(cellText(time.get(0), time.type)).toBe('01:02:03.5');
    expect(cellText(first(new List(new Field('l', new Utf8())), [['a', null]]), new List(new Field('l', new Utf8())))).toBe("['a', NULL]");
    const struct = new Struct([new Field('a', new Int32()), new Field('b', new Utf8())]);
    expect(cellText(first(struct, [{ a: 1, b: 'x' }]), struct)).toBe("{'a': 1, 'b': 'x'}");
    expect(cellText(new Uint8Array([0x41, 0x00, 0x5c]), new Binary())).toBe('A\\x00\\x5C');
  });

  it('puts the point back into decimals', () => {
    const type = new Decimal(2, 10, 128);
    const decimals = makeVector(
      makeData({ type, length: 2, data: new Uint32Array([12345, 0, 0, 0, 0xffffffff - 4, 0xffffffff, 0xffffffff, 0xffffffff]) }),
    );
    expect(cellText(decimals.get(0), type)).toBe('123.45');
    expect(cellText(decimals.get(1), type)).toBe('-0.05');
  });
});

describe('column summaries', () => {
  it('bins numbers and dates, and counts the values of text', () => {
    expect(summaryQueries('t', { name: 'deep "x"', type: 'VARIANT', kind: 'other' })).toBeUndefined();
    const text = summaryQueries('t', { name: 'country', type: 'VARCHAR', kind: 'text' });
    expect(text?.counts).toContain('GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 3');
    const dates = summaryQueries('t', { name: 'seen on', type: 'DATE', kind: 'temporal' });
    expect(dates?.counts).toContain('epoch("seen on")');
    expect(dates?.stats).toContain('FROM "t"');
    // A histogram's ends on its scale, so each bin's range can be named.
    expect(dates?.stats).toContain('CAST(min(epoch("seen on")) AS DOUBLE) AS x_lo');
    expect(text?.stats).not.toContain('x_lo');
  });

  it('fills the bins DuckDB found no rows in, and keeps one bin when all values are equal', () => {
    const depth = { name: 'depth', type: 'INTEGER', kind: 'number' } as const;
    const histogram = summaryFrom(depth, { rows: 7, nulls: 2, distinct: 3, lo: '1', hi: '9', x_lo: 1, x_hi: 9 }, [
      [0, 4],
      [11, 1],
    ]);
    expect(histogram).toMatchObject({ kind: 'histogram', min: '1', max: '9', from: 1, to: 9, scale: 'number', nulls: 2, rows: 7 });
    expect(histogram.kind === 'histogram' && histogram.bins).toEqual([4, ...new Array(SUMMARY_BINS - 2).fill(0), 1]);
    const flat = summaryFrom(depth, { rows: 7, nulls: 0, distinct: 1, lo: '5', hi: '5', x_lo: 5, x_hi: 5 }, [[0, 7]]);
    expect(flat.kind === 'histogram' && flat.bins).toEqual([7]);
    expect(summaryFrom({ name: 'c', type: 'VARCHAR', kind: 'text' }, { rows: 3, nulls: 0, distinct: 2, lo: 'a', hi: 'b' }, [['a', 2], ['b', 1]])).toEqual({
      kind: 'top',
      column: 'c',
      values: [
        { value: 'a', count: 2 },
        { value: 'b', count: 1 },
      ],
      distinct: 2,
      nulls: 0,
      rows: 3,
    });
  });
});
