// Just enough of Thrift's compact protocol to write Parquet metadata: structs of ints, strings, lists and
// nested structs.
export type ThriftValue =
  | { t: 'i32'; v: number }
  | { t: 'i64'; v: bigint | number }
  | { t: 'binary'; v: string | Uint8Array }
  | { t: 'struct'; v: ThriftStruct }
  | { t: 'list'; elem: 'i32' | 'binary' | 'struct'; v: ThriftValue[] };

/** Field id → value; absent optional fields are simply left out. */
export type ThriftStruct = Array<[number, ThriftValue]>;

const typeCode = { i32: 5, i64: 6, binary: 8, list: 9, struct: 12 } as const;

export class CompactWriter {
  private readonly bytes: number[] = [];

  private varint(value: bigint): void {
    let v = value;
    while (v >= 0x80n) {
      this.bytes.push(Number(v & 0x7fn) | 0x80);
      v >>= 7n;
    }
    this.bytes.push(Number(v));
  }

  private zigzag(value: bigint): void {
    this.varint(value >= 0n ? value << 1n : ((-value) << 1n) - 1n);
  }

  private value(value: ThriftValue): void {
    switch (value.t) {
      case 'i32':
      case 'i64':
        this.zigzag(BigInt(value.v));
        return;
      case 'binary': {
        const raw = typeof value.v === 'string' ? new TextEncoder().encode(value.v) : value.v;
        this.varint(BigInt(raw.length));
        for (const b of raw) this.bytes.push(b);
        return;
      }
      case 'struct':
        this.struct(value.v);
        return;
      case 'list': {
        const code = typeCode[value.elem];
        if (value.v.length < 15) this.bytes.push((value.v.length << 4) | code);
        else {
          this.bytes.push(0xf0 | code);
          this.varint(BigInt(value.v.length));
        }
        for (const item of value.v) this.value(item);
        return;
      }
    }
  }

  struct(fields: ThriftStruct): this {
    let last = 0;
    for (const [id, value] of [...fields].sort((a, b) => a[0] - b[0])) {
      const code = typeCode[value.t];
      const delta = id - last;
      if (delta > 0 && delta <= 15) this.bytes.push((delta << 4) | code);
      else {
        this.bytes.push(code);
        this.zigzag(BigInt(id));
      }
      this.value(value);
      last = id;
    }
    this.bytes.push(0);
    return this;
  }

  toBuffer(): Buffer {
    return Buffer.from(this.bytes);
  }
}
