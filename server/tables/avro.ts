// Avro object container files (Iceberg's manifest lists and manifests) read with avsc, each with the schema it was
// written with. Iceberg's ids are 64-bit longs, beyond what a JavaScript number holds exactly, so longs are read as
// bigint; the readers turn counts and sizes into numbers themselves.
import avro from 'avsc';

const bigintLong = avro.types.LongType.__with({
  fromBuffer: (buf: Buffer) => buf.readBigInt64LE(),
  toBuffer: (n: bigint) => {
    const buf = Buffer.alloc(8);
    buf.writeBigInt64LE(BigInt(n));
    return buf;
  },
  fromJSON: (json: number | string) => BigInt(json),
  toJSON: (n: bigint) => Number(n),
  isValid: (n: unknown) => typeof n === 'bigint',
  compare: (a: bigint, b: bigint) => (a === b ? 0 : a < b ? -1 : 1),
});

/** Every record of a container file, as plain objects (longs as bigint). Fails on bytes that are not one. */
export function readAvroRecords(bytes: Buffer): Promise<Record<string, unknown>[]> {
  return new Promise((resolve, reject) => {
    const records: Record<string, unknown>[] = [];
    const decoder = new avro.streams.BlockDecoder({
      parseHook: (schema) => avro.Type.forSchema(schema, { registry: { long: bigintLong }, wrapUnions: false }),
    });
    decoder.on('data', (record: Record<string, unknown>) => records.push(record));
    decoder.on('error', reject);
    decoder.on('end', () => resolve(records));
    decoder.end(bytes);
  });
}

/** A long or int field as a number (counts and sizes fit), or undefined when absent. */
export function numberOf(value: unknown): number | undefined {
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'number') return value;
  return undefined;
}
