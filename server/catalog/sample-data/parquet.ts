// A minimal Parquet writer: one row group, one PLAIN-encoded uncompressed data page per column, required
// columns of INT64, DOUBLE or UTF-8 strings, and the Thrift compact footer.
import { CompactWriter, type ThriftStruct, type ThriftValue } from './thrift-compact';

export type ParquetColumn =
  | { name: string; type: 'int64'; values: Array<number | bigint> }
  | { name: string; type: 'double'; values: number[] }
  | { name: string; type: 'utf8'; values: string[] };

const magic = Buffer.from('PAR1');
const physicalType = { int64: 2, double: 5, utf8: 6 } as const;
const encodingPlain = 0;
const encodingRle = 3;
const convertedTypeUtf8 = 0;
const repetitionRequired = 0;

const i32 = (v: number): ThriftValue => ({ t: 'i32', v });
const i64 = (v: number): ThriftValue => ({ t: 'i64', v });
const str = (v: string): ThriftValue => ({ t: 'binary', v });
const struct = (v: ThriftStruct): ThriftValue => ({ t: 'struct', v });

function plainValues(column: ParquetColumn): Buffer {
  switch (column.type) {
    case 'int64': {
      const out = Buffer.alloc(8 * column.values.length);
      column.values.forEach((v, i) => out.writeBigInt64LE(BigInt(v), i * 8));
      return out;
    }
    case 'double': {
      const out = Buffer.alloc(8 * column.values.length);
      column.values.forEach((v, i) => out.writeDoubleLE(v, i * 8));
      return out;
    }
    case 'utf8':
      return Buffer.concat(
        column.values.flatMap((v) => {
          const bytes = Buffer.from(v, 'utf8');
          const length = Buffer.alloc(4);
          length.writeUInt32LE(bytes.length);
          return [length, bytes];
        }),
      );
  }
}

export function writeParquet(columns: ParquetColumn[]): Buffer {
  const rows = columns[0]?.values.length ?? 0;
  if (columns.some((c) => c.values.length !== rows)) throw new Error('every parquet column needs the same row count');
  const parts: Buffer[] = [magic];
  let offset = magic.length;
  const chunks: ThriftValue[] = [];
  let totalBytes = 0;
  for (const column of columns) {
    const data = plainValues(column);
    // Required columns carry no repetition or definition levels, so the page is just the values.
    const header = new CompactWriter()
      .struct([
        [1, i32(0)],
        [2, i32(data.length)],
        [3, i32(data.length)],
        [5, struct([
          [1, i32(rows)],
          [2, i32(encodingPlain)],
          [3, i32(encodingRle)],
          [4, i32(encodingRle)],
        ])],
      ])
      .toBuffer();
    const pageOffset = offset;
    const chunkSize = header.length + data.length;
    parts.push(header, data);
    offset += chunkSize;
    totalBytes += chunkSize;
    chunks.push(
      struct([
        [2, i64(pageOffset)],
        [3, struct([
          [1, i32(physicalType[column.type])],
          [2, { t: 'list', elem: 'i32', v: [i32(encodingPlain), i32(encodingRle)] }],
          [3, { t: 'list', elem: 'binary', v: [str(column.name)] }],
          [4, i32(0)],
          [5, i64(rows)],
          [6, i64(chunkSize)],
          [7, i64(chunkSize)],
          [9, i64(pageOffset)],
        ])],
      ]),
    );
  }
  const schema: ThriftValue[] = [
    struct([
      [4, str('schema')],
      [5, i32(columns.length)],
    ]),
    ...columns.map((column) =>
      struct([
        [1, i32(physicalType[column.type])],
        [3, i32(repetitionRequired)],
        [4, str(column.name)],
        ...(column.type === 'utf8' ? ([[6, i32(convertedTypeUtf8)]] as ThriftStruct) : []),
      ]),
    ),
  ];
  const footer = new CompactWriter()
    .struct([
      [1, i32(1)],
      [2, { t: 'list', elem: 'struct', v: schema }],
      [3, i64(rows)],
      [4, { t: 'list', elem: 'struct', v: [struct([
        [1, { t: 'list', elem: 'struct', v: chunks }],
        [2, i64(totalBytes)],
        [3, i64(rows)],
      ])] }],
      [6, str('tarn sample-data writer')],
    ])
    .toBuffer();
  const footerLength = Buffer.alloc(4);
  footerLength.writeUInt32LE(footer.length);
  parts.push(footer, footerLength, magic);
  return Buffer.concat(parts);
}
