// Reads back what a Parquet file's footer says (Thrift compact), to check the sample writer's bytes
// independently of the writer's own code.
export interface ParquetFooter {
  version: number;
  numRows: number;
  columns: Array<{ name: string; type: number; convertedType?: number }>;
  rowGroups: Array<{ numRows: number; chunks: Array<{ dataPageOffset: number; numValues: number; size: number; type: number }> }>;
}

type Value = number | bigint | Uint8Array | Value[] | Map<number, Value>;

class Reader {
  constructor(
    private readonly bytes: Uint8Array,
    public pos = 0,
  ) {}

  byte(): number {
    const b = this.bytes[this.pos++];
    if (b === undefined) throw new Error('read past the end of the footer');
    return b;
  }

  varint(): bigint {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      const b = this.byte();
      result |= BigInt(b & 0x7f) << shift;
      if ((b & 0x80) === 0) return result;
      shift += 7n;
    }
  }

  zigzag(): bigint {
    const v = this.varint();
    return (v >> 1n) ^ -(v & 1n);
  }

  value(type: number): Value {
    switch (type) {
      case 1:
      case 2:
        return type === 1 ? 1 : 0;
      case 3:
        return this.byte();
      case 4:
      case 5:
        return Number(this.zigzag());
      case 6:
        return this.zigzag();
      case 8: {
        const n = Number(this.varint());
        const out = this.bytes.subarray(this.pos, this.pos + n);
        this.pos += n;
        return out;
      }
      case 9: {
        const header = this.byte();
        let size = header >> 4;
        if (size === 15) size = Number(this.varint());
        return Array.from({ length: size }, () => this.value(header & 0x0f));
      }
      case 12:
        return this.struct();
      default:
        throw new Error(`unsupported thrift type ${type}`);
    }
  }

  struct(): Map<number, Value> {
    const fields = new Map<number, Value>();
    let last = 0;
    for (;;) {
      const header = this.byte();
      if (header === 0) return fields;
      const delta = header >> 4;
      const id = delta === 0 ? Number(this.zigzag()) : last + delta;
      fields.set(id, this.value(header & 0x0f));
      last = id;
    }
  }
}

const text = (v: Value | undefined) => new TextDecoder().decode(v as Uint8Array);
const num = (v: Value | undefined) => Number(v as number | bigint);
const struct = (v: Value | undefined) => v as Map<number, Value>;
const list = (v: Value | undefined) => v as Value[];

export function readParquetFooter(file: Uint8Array): ParquetFooter {
  const decoder = new TextDecoder();
  if (decoder.decode(file.subarray(0, 4)) !== 'PAR1') throw new Error('no leading PAR1 magic');
  if (decoder.decode(file.subarray(file.length - 4)) !== 'PAR1') throw new Error('no trailing PAR1 magic');
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const footerLength = view.getUint32(file.length - 8, true);
  const start = file.length - 8 - footerLength;
  if (start < 4) throw new Error('footer length points outside the file');
  const reader = new Reader(file.subarray(start, file.length - 8));
  const meta = reader.struct();
  if (reader.pos !== footerLength) throw new Error(`footer is ${footerLength} bytes but its struct ended at ${reader.pos}`);
  const schema = list(meta.get(2)).map(struct);
  return {
    version: num(meta.get(1)),
    numRows: num(meta.get(3)),
    columns: schema.slice(1).map((el) => ({
      name: text(el.get(4)),
      type: num(el.get(1)),
      ...(el.has(6) ? { convertedType: num(el.get(6)) } : {}),
    })),
    rowGroups: list(meta.get(4)).map((g) => {
      const group = struct(g);
      return {
        numRows: num(group.get(3)),
        chunks: list(group.get(1)).map((c) => {
          const md = struct(struct(c).get(3));
          return { type: num(md.get(1)), numValues: num(md.get(5)), size: num(md.get(7)), dataPageOffset: num(md.get(9)) };
        }),
      };
    }),
  };
}

/** Decodes the PLAIN values of one column chunk (page header skipped by parsing it). */
export function readColumnValues(file: Uint8Array, chunk: { dataPageOffset: number; numValues: number; type: number }): Array<bigint | number | string> {
  const reader = new Reader(file, chunk.dataPageOffset);
  const header = reader.struct();
  const size = num(header.get(3));
  const view = new DataView(file.buffer, file.byteOffset + reader.pos, size);
  const values: Array<bigint | number | string> = [];
  let at = 0;
  for (let i = 0; i < chunk.numValues; i++) {
    if (chunk.type === 2) {
      values.push(view.getBigInt64(at, true));
      at += 8;
    } else if (chunk.type === 5) {
      values.push(view.getFloat64(at, true));
      at += 8;
    } else {
      const n = view.getUint32(at, true);
      values.push(new TextDecoder().decode(file.subarray(reader.pos + at + 4, reader.pos + at + 4 + n)));
      at += 4 + n;
    }
  }
  if (at !== size) throw new Error(`page holds ${size} bytes but its values took ${at}`);
  return values;
}
