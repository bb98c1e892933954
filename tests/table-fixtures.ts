// Real tables as their writers leave them, for the server's and the browser's tests: a Delta Lake table (JSON commits
// with adds and removes, a Parquet checkpoint written with hyparquet-writer, `_last_checkpoint`, and a commit after
// it) and an Iceberg table with two snapshots (metadata JSON, Avro manifest lists and manifests written with avsc,
// Parquet data files). Each is a list of files, relative to the repository root, to upload.
import { Buffer } from 'node:buffer';
import avro from 'avsc';
import { parquetWriteBuffer } from 'hyparquet-writer';

export interface TableFile {
  path: string;
  bytes: Uint8Array;
}

export interface DataRow {
  id: number;
  name: string;
  amount: number;
}

/** A Parquet data file of the given rows (id INT32, name STRING, amount DOUBLE). */
export function dataFile(rows: DataRow[]): Uint8Array {
  return new Uint8Array(
    parquetWriteBuffer({
      columnData: [
        { name: 'id', type: 'INT32', data: rows.map((r) => r.id) },
        { name: 'name', type: 'STRING', data: rows.map((r) => r.name) },
        { name: 'amount', type: 'DOUBLE', data: rows.map((r) => r.amount) },
      ],
    }),
  );
}

const rowsOf = (ids: number[]): DataRow[] => ids.map((id) => ({ id, name: `item-${id}`, amount: id * 1.5 }));

const deltaSchema = JSON.stringify({
  type: 'struct',
  fields: [
    { name: 'id', type: 'integer', nullable: false, metadata: {} },
    { name: 'name', type: 'string', nullable: true, metadata: {} },
    { name: 'amount', type: 'double', nullable: true, metadata: {} },
  ],
});
const deltaSchemaWithNote = JSON.stringify({
  type: 'struct',
  fields: [...(JSON.parse(deltaSchema) as { fields: unknown[] }).fields, { name: 'note', type: 'string', nullable: true, metadata: {} }],
});

const version = (v: number) => String(v).padStart(20, '0');
const lines = (actions: unknown[]) => new TextEncoder().encode(actions.map((a) => JSON.stringify(a)).join('\n') + '\n');

/** The Delta table's data files, by name, and the ids each holds. */
export const deltaParts = { 'part-00000.parquet': [1, 2, 3], 'part-00001.parquet': [4, 5], 'part-00002.parquet': [6, 7, 8, 9], 'part-00003.parquet': [10] };
type PartName = keyof typeof deltaParts;

/** Ids live in the Delta table after its last commit: part 0 was removed at version 2. */
export const deltaLiveIds = [4, 5, 6, 7, 8, 9, 10];

const add = (name: PartName, time: number) => {
  const ids = deltaParts[name];
  return {
    add: {
      path: name,
      partitionValues: {},
      size: dataFile(rowsOf(ids)).byteLength,
      modificationTime: time,
      dataChange: true,
      stats: JSON.stringify({ numRecords: ids.length }),
    },
  };
};
const metaData = (schemaString: string) => ({
  metaData: { id: 'b0a1f6f0-0000-4000-8000-000000000001', format: { provider: 'parquet', options: {} }, schemaString, partitionColumns: [], configuration: {}, createdTime: 1_700_000_000_000 },
});
const commitInfo = (operation: string, timestamp: number) => ({ commitInfo: { timestamp, operation, operationParameters: {} } });

/** Times of the Delta table's versions 0..3, in ms. */
export const deltaTimes = [1_700_000_000_000, 1_700_000_100_000, 1_700_000_200_000, 1_700_000_300_000];

/**
 * A Delta table at `root`: v0 creates it with part 0 (3 rows); v1 appends part 1 (2 rows); v2 deletes part 0 and
 * writes part 2 (4 rows), checkpointed; v3 appends part 3 (1 row) and adds a column. With `checkpoint: false` the log
 * has JSON commits only.
 */
export function deltaTable(root: string, { checkpoint = true }: { checkpoint?: boolean } = {}): TableFile[] {
  const log = `${root}/_delta_log/`;
  const [t0, t1, t2, t3] = deltaTimes as [number, number, number, number];
  const files: TableFile[] = (Object.keys(deltaParts) as PartName[]).map((name) => ({ path: `${root}/${name}`, bytes: dataFile(rowsOf(deltaParts[name])) }));
  files.push(
    { path: `${log}${version(0)}.json`, bytes: lines([commitInfo('CREATE TABLE AS SELECT', t0), { protocol: { minReaderVersion: 1, minWriterVersion: 2 } }, metaData(deltaSchema), add('part-00000.parquet', t0)]) },
    { path: `${log}${version(1)}.json`, bytes: lines([commitInfo('WRITE', t1), add('part-00001.parquet', t1)]) },
    {
      path: `${log}${version(2)}.json`,
      bytes: lines([commitInfo('DELETE', t2), { remove: { path: 'part-00000.parquet', deletionTimestamp: t2, dataChange: true } }, add('part-00002.parquet', t2)]),
    },
    { path: `${log}${version(3)}.json`, bytes: lines([commitInfo('WRITE', t3), metaData(deltaSchemaWithNote), add('part-00003.parquet', t3)]) },
  );
  if (checkpoint) {
    const parquet = deltaCheckpoint([add('part-00001.parquet', t1).add, add('part-00002.parquet', t2).add], deltaSchema);
    files.push({ path: `${log}${version(2)}.checkpoint.parquet`, bytes: parquet }, { path: `${log}_last_checkpoint`, bytes: new TextEncoder().encode(JSON.stringify({ version: 2, size: 4 })) });
  }
  return files;
}

interface CheckpointAdd {
  path: string;
  size: number;
  modificationTime: number;
  dataChange: boolean;
  stats: string;
}

/** A checkpoint as Delta writes one: a row per action, each action a struct column (protocol, metaData, add). */
function deltaCheckpoint(adds: CheckpointAdd[], schemaString: string): Uint8Array {
  const rows = [{ protocol: { minReaderVersion: 1, minWriterVersion: 2 } }, metaData(schemaString), ...adds.map((a) => ({ add: a }))] as Record<string, unknown>[];
  const column = (name: string) => rows.map((r) => (r[name] as Record<string, unknown> | undefined) ?? null);
  const text = (name: string) => ({ name, type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' }) as const;
  const long = (name: string) => ({ name, type: 'INT64', repetition_type: 'OPTIONAL' }) as const;
  const int = (name: string) => ({ name, type: 'INT32', repetition_type: 'OPTIONAL' }) as const;
  const bool = (name: string) => ({ name, type: 'BOOLEAN', repetition_type: 'OPTIONAL' }) as const;
  const group = (name: string, children: number) => ({ name, repetition_type: 'OPTIONAL', num_children: children }) as const;
  const bigints = (v: Record<string, unknown> | null, keys: string[]) => v && Object.fromEntries(Object.entries(v).map(([k, x]) => [k, keys.includes(k) ? BigInt(x as number) : x]));
  return new Uint8Array(
    parquetWriteBuffer({
      columnData: [
        { name: 'protocol', data: column('protocol') },
        {
          name: 'metaData',
          data: column('metaData').map((m) => m && { id: m.id, schemaString: m.schemaString, partitionColumns: m.partitionColumns, createdTime: BigInt(m.createdTime as number) }),
        },
        { name: 'add', data: column('add').map((a) => bigints(a, ['size', 'modificationTime'])) },
      ],
      schema: [
        { name: 'root', num_children: 3 },
        group('protocol', 2),
        int('minReaderVersion'),
        int('minWriterVersion'),
        group('metaData', 4),
        text('id'),
        text('schemaString'),
        { name: 'partitionColumns', repetition_type: 'OPTIONAL', converted_type: 'LIST', num_children: 1 },
        { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
        { name: 'element', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'REQUIRED' },
        long('createdTime'),
        group('add', 5),
        text('path'),
        long('size'),
        long('modificationTime'),
        bool('dataChange'),
        text('stats'),
      ],
    }),
  );
}

// Iceberg

/** Snapshot ids beyond 2^53, as Iceberg makes them. */
export const icebergSnapshots = { first: '3051729675574597004', second: '5179299526185056830' };
/** Ids live in the Iceberg table: the second snapshot deleted the first file and added two. */
export const icebergLiveIds = [4, 5, 6];
export const icebergTimes = [1_700_000_000_000, 1_700_000_500_000];

/** Avro longs as bigint, so that ids beyond 2^53 are written exactly. */
const bigintLong = avro.types.LongType.__with({
  fromBuffer: (buf: Buffer) => buf.readBigInt64LE(),
  toBuffer: (n: bigint) => {
    const buf = Buffer.alloc(8);
    buf.writeBigInt64LE(BigInt(n));
    return buf;
  },
  fromJSON: (json: number) => BigInt(json),
  toJSON: (n: bigint) => Number(n),
  isValid: (n: unknown) => typeof n === 'bigint',
  compare: (a: bigint, b: bigint) => (a === b ? 0 : a < b ? -1 : 1),
});

const manifestFileSchema = {
  type: 'record',
  name: 'manifest_file',
  fields: [
    { name: 'manifest_path', type: 'string' },
    { name: 'manifest_length', type: 'long' },
    { name: 'partition_spec_id', type: 'int' },
    { name: 'content', type: 'int' },
    { name: 'sequence_number', type: 'long' },
    { name: 'min_sequence_number', type: 'long' },
    { name: 'added_snapshot_id', type: 'long' },
    { name: 'added_files_count', type: 'int' },
    { name: 'existing_files_count', type: 'int' },
    { name: 'deleted_files_count', type: 'int' },
    { name: 'added_rows_count', type: 'long' },
    { name: 'existing_rows_count', type: 'long' },
    { name: 'deleted_rows_count', type: 'long' },
  ],
};

const manifestEntrySchema = {
  type: 'record',
  name: 'manifest_entry',
  fields: [
    { name: 'status', type: 'int' },
    { name: 'snapshot_id', type: ['null', 'long'], default: null },
    { name: 'sequence_number', type: ['null', 'long'], default: null },
    {
      name: 'data_file',
      type: {
        type: 'record',
        name: 'r2',
        fields: [
          { name: 'content', type: 'int' },
          { name: 'file_path', type: 'string' },
          { name: 'file_format', type: 'string' },
          { name: 'partition', type: { type: 'record', name: 'r102', fields: [] } },
          { name: 'record_count', type: 'long' },
          { name: 'file_size_in_bytes', type: 'long' },
        ],
      },
    },
  ],
};

/** An Avro object container file of the records, deflated as Iceberg writes them. */
function avroFile(schema: object, records: object[]): Promise<Uint8Array> {
  const type = avro.Type.forSchema(schema as avro.Schema, { registry: { long: bigintLong } });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const encoder = new avro.streams.BlockEncoder(type, { codec: 'deflate' });
    encoder.on('data', (chunk: Buffer) => chunks.push(chunk));
    encoder.on('error', reject);
    encoder.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    for (const r of records) encoder.write(r);
    encoder.end();
  });
}

/**
 * An Iceberg table at `root` whose metadata names its files under `location` (any URI: the reader maps it onto the
 * table's folder): snapshot 1 appends data/00000 (ids 1-3); snapshot 2 overwrites, deleting data/00000 and adding
 * data/00001 (ids 4-5) and data/00002 (id 6). version-hint.text names metadata v2.
 */
export async function icebergTable(root: string, location = `s3://warehouse/${root}`): Promise<TableFile[]> {
  const dataFiles = { '00000': [1, 2, 3], '00001': [4, 5], '00002': [6] };
  const data = Object.fromEntries(Object.entries(dataFiles).map(([name, ids]) => [name, dataFile(rowsOf(ids))]));
  const entry = (status: number, snapshot: string, name: keyof typeof dataFiles) => ({
    status,
    snapshot_id: BigInt(snapshot),
    sequence_number: null,
    data_file: {
      content: 0,
      file_path: `${location}/data/${name}.parquet`,
      file_format: 'PARQUET',
      partition: {},
      record_count: BigInt(dataFiles[name].length),
      file_size_in_bytes: BigInt((data[name] as Uint8Array).byteLength),
    },
  });
  const { first, second } = icebergSnapshots;
  const m1 = await avroFile(manifestEntrySchema, [entry(1, first, '00000')]);
  const m2 = await avroFile(manifestEntrySchema, [entry(2, second, '00000')]);
  const m3 = await avroFile(manifestEntrySchema, [entry(1, second, '00001'), entry(1, second, '00002')]);
  const listed = (path: string, bytes: Uint8Array, snapshot: string, added: number) => ({
    manifest_path: `${location}/metadata/${path}`,
    manifest_length: BigInt(bytes.byteLength),
    partition_spec_id: 0,
    content: 0,
    sequence_number: 1n,
    min_sequence_number: 1n,
    added_snapshot_id: BigInt(snapshot),
    added_files_count: added,
    existing_files_count: 0,
    deleted_files_count: 0,
    added_rows_count: 0n,
    existing_rows_count: 0n,
    deleted_rows_count: 0n,
  });
  const list1 = await avroFile(manifestFileSchema, [listed('m1.avro', m1, first, 1)]);
  const list2 = await avroFile(manifestFileSchema, [listed('m2.avro', m2, second, 0), listed('m3.avro', m3, second, 2)]);
  const [t1, t2] = icebergTimes as [number, number];
  const snapshot1 = `{"snapshot-id": ${first}, "sequence-number": 1, "timestamp-ms": ${t1}, "manifest-list": "${location}/metadata/snap-1.avro", "summary": {"operation": "append", "added-data-files": "1", "added-records": "3", "total-data-files": "1", "total-records": "3"}, "schema-id": 0}`;
  const snapshot2 = `{"snapshot-id": ${second}, "parent-snapshot-id": ${first}, "sequence-number": 2, "timestamp-ms": ${t2}, "manifest-list": "${location}/metadata/snap-2.avro", "summary": {"operation": "overwrite", "added-data-files": "2", "deleted-data-files": "1", "added-records": "3", "deleted-records": "3", "total-data-files": "2", "total-records": "3"}, "schema-id": 0}`;
  const schema = {
    type: 'struct',
    'schema-id': 0,
    fields: [
      { id: 1, name: 'id', required: true, type: 'int' },
      { id: 2, name: 'name', required: false, type: 'string' },
      { id: 3, name: 'amount', required: false, type: 'double' },
    ],
  };
  // Written as text, as Iceberg writes it: the snapshot ids are numbers beyond what JSON.stringify of a number keeps.
  const metadata = (current: string, snapshots: string[]) =>
    `{"format-version": 2, "table-uuid": "9c12d441-03fe-4693-9a96-a0705ddf69c1", "location": "${location}", "last-sequence-number": ${snapshots.length}, "last-updated-ms": ${t2}, "last-column-id": 3, "current-schema-id": 0, "schemas": [${JSON.stringify(schema)}], "default-spec-id": 0, "partition-specs": [{"spec-id": 0, "fields": []}], "properties": {}, "current-snapshot-id": ${current}, "snapshots": [${snapshots.join(', ')}]}`;
  const text = (s: string) => new TextEncoder().encode(s);
  return [
    ...Object.entries(data).map(([name, bytes]) => ({ path: `${root}/data/${name}.parquet`, bytes })),
    { path: `${root}/metadata/m1.avro`, bytes: m1 },
    { path: `${root}/metadata/m2.avro`, bytes: m2 },
    { path: `${root}/metadata/m3.avro`, bytes: m3 },
    { path: `${root}/metadata/snap-1.avro`, bytes: list1 },
    { path: `${root}/metadata/snap-2.avro`, bytes: list2 },
    { path: `${root}/metadata/v1.metadata.json`, bytes: text(metadata(first, [snapshot1])) },
    { path: `${root}/metadata/v2.metadata.json`, bytes: text(metadata(second, [snapshot1, snapshot2])) },
    { path: `${root}/metadata/version-hint.text`, bytes: text('2') },
  ];
}
