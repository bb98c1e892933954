// An Iceberg table read from its `metadata/`: the current metadata JSON (as version-hint.text names it, else the
// highest version) gives the schema and the snapshots with their summaries; the current snapshot's manifest list and
// manifests (Avro, avro.ts) give the live data files. Addresses in the metadata are absolute (the table's
// `location` and below); they are mapped onto the table's folder in this ref, so a table reads the same on any branch.
import { BrokenTableError } from '../errors';
import { numberOf, readAvroRecords } from './avro';
import { folderOf, nameOf, objectsIn } from './files';
import type { RefFiles, TableColumn, TableDataFile, TableDetail, TableSummary, TableVersion } from './types';

const metadataName = /^v?(\d+)(?:-[^/]*)?\.metadata\.json$/;
/** Snapshot ids are 64-bit: they are quoted before JSON.parse so that no digit is lost. */
const snapshotIds = /"((?:current-|parent-)?snapshot-id)"\s*:\s*(-?\d+)/g;
/** Manifests are read this many at a time. */
const parallelReads = 8;

interface IcebergField {
  id?: number;
  name: string;
  required?: boolean;
  type: IcebergType;
}
type IcebergType =
  | string
  | { type: 'struct'; fields: IcebergField[] }
  | { type: 'list'; element: IcebergType }
  | { type: 'map'; key: IcebergType; value: IcebergType };

interface Snapshot {
  'snapshot-id': string;
  'timestamp-ms'?: number;
  'manifest-list'?: string;
  manifests?: string[];
  summary?: Record<string, string>;
}

interface Metadata {
  location?: string;
  'current-snapshot-id'?: string | null;
  'current-schema-id'?: number;
  schemas?: { 'schema-id'?: number; fields: IcebergField[] }[];
  schema?: { fields: IcebergField[] };
  'partition-specs'?: { 'spec-id'?: number; fields?: { name: string }[] }[];
  'default-spec-id'?: number;
  snapshots?: Snapshot[];
}

/** The metadata folder of a table at this path. */
export const icebergMetadataFolder = (tablePath: string): string => `${folderOf(tablePath)}metadata/`;

/** Whether a metadata folder's listing holds an Iceberg metadata file. */
export const holdsIcebergMetadata = (paths: string[]): boolean => paths.some((p) => metadataName.test(nameOf(p)));

export async function readIcebergSummary(files: RefFiles, tablePath: string): Promise<TableSummary> {
  return summaryOf(tablePath, (await readCurrentMetadata(files, tablePath)).metadata);
}

export async function readIcebergDetail(files: RefFiles, tablePath: string): Promise<TableDetail> {
  const { metadata, file } = await readCurrentMetadata(files, tablePath);
  const summary = summaryOf(tablePath, metadata);
  const current = currentSnapshot(metadata);
  const history = [...(metadata.snapshots ?? [])]
    .sort((a, b) => (a['timestamp-ms'] ?? 0) - (b['timestamp-ms'] ?? 0))
    .map(versionOf)
    .reverse();
  const dataFiles = current ? await liveDataFiles(files, tablePath, metadata, current, file) : [];
  return { ...summary, history, dataFiles };
}

function summaryOf(tablePath: string, metadata: Metadata): TableSummary {
  const current = currentSnapshot(metadata);
  return {
    path: tablePath,
    format: 'iceberg',
    version: current?.['snapshot-id'],
    schema: schemaOf(metadata),
    partitionColumns: partitionColumnsOf(metadata),
    files: countOf(current?.summary?.['total-data-files']),
    rows: countOf(current?.summary?.['total-records']),
  };
}

function versionOf(s: Snapshot): TableVersion {
  const ms = s['timestamp-ms'];
  return {
    version: s['snapshot-id'],
    time: typeof ms === 'number' ? Math.floor(ms / 1000) : undefined,
    operation: s.summary?.operation ?? '',
    filesAdded: countOf(s.summary?.['added-data-files']) ?? 0,
    filesRemoved: countOf(s.summary?.['deleted-data-files']) ?? 0,
    rowsAdded: countOf(s.summary?.['added-records']),
  };
}

const countOf = (text: string | undefined): number | undefined => (text !== undefined && /^\d+$/.test(text) ? Number(text) : undefined);

function currentSnapshot(metadata: Metadata): Snapshot | undefined {
  const id = metadata['current-snapshot-id'];
  if (id === undefined || id === null || id === '-1') return undefined;
  return metadata.snapshots?.find((s) => s['snapshot-id'] === id);
}

async function readCurrentMetadata(files: RefFiles, tablePath: string): Promise<{ metadata: Metadata; file: string }> {
  const folder = icebergMetadataFolder(tablePath);
  const listed = (await objectsIn(files, folder)).map((o) => o.path);
  const versions = new Map<number, string>();
  for (const path of listed) {
    const match = metadataName.exec(nameOf(path));
    if (match) versions.set(Number(match[1]), path);
  }
  let version = versions.size > 0 ? Math.max(...versions.keys()) : undefined;
  const hintFile = `${folder}version-hint.text`;
  if (listed.includes(hintFile)) {
    const text = (await files.read(hintFile)).toString('utf8').trim();
    if (!/^\d+$/.test(text)) throw new BrokenTableError(hintFile, 'not a version number');
    if (!versions.has(Number(text))) throw new BrokenTableError(hintFile, `names version ${text}, which has no metadata file`);
    version = Number(text);
  }
  const file = version === undefined ? undefined : versions.get(version);
  if (file === undefined) throw new BrokenTableError(folder, 'no metadata file');
  let metadata: Metadata;
  try {
    metadata = JSON.parse((await files.read(file)).toString('utf8').replace(snapshotIds, '"$1":"$2"')) as Metadata;
  } catch {
    throw new BrokenTableError(file, 'not JSON');
  }
  if (typeof metadata !== 'object' || metadata === null) throw new BrokenTableError(file, 'not a metadata object');
  return { metadata, file };
}

function schemaOf(metadata: Metadata): TableColumn[] {
  const schema = metadata.schemas?.find((s) => s['schema-id'] === metadata['current-schema-id']) ?? metadata.schemas?.at(-1) ?? metadata.schema;
  return (schema?.fields ?? []).map((f) => ({ name: f.name, type: typeText(f.type), nullable: f.required !== true }));
}

function partitionColumnsOf(metadata: Metadata): string[] {
  const spec = metadata['partition-specs']?.find((s) => s['spec-id'] === metadata['default-spec-id']);
  return (spec?.fields ?? []).map((f) => f.name);
}

function typeText(type: IcebergType): string {
  if (typeof type === 'string') return type;
  switch (type.type) {
    case 'struct':
      return `struct<${type.fields.map((f) => `${f.name}: ${typeText(f.type)}`).join(', ')}>`;
    case 'list':
      return `list<${typeText(type.element)}>`;
    case 'map':
      return `map<${typeText(type.key)}, ${typeText(type.value)}>`;
  }
}

async function liveDataFiles(files: RefFiles, tablePath: string, metadata: Metadata, snapshot: Snapshot, metadataFile: string): Promise<TableDataFile[]> {
  const inRef = (uri: string, named: string) => repositoryPath(tablePath, metadata.location, uri, named);
  let manifests: string[];
  const list = snapshot['manifest-list'];
  if (list !== undefined) {
    const listFile = inRef(list, metadataFile);
    const entries = await readAvro(files, listFile);
    // content 1 is a manifest of deletes; v1 lists have no content field and hold data manifests only.
    manifests = entries.filter((m) => (numberOf(m.content) ?? 0) === 0).map((m) => inRef(String(m.manifest_path), listFile));
  } else {
    manifests = (snapshot.manifests ?? []).map((m) => inRef(m, metadataFile));
  }
  const out: TableDataFile[] = [];
  for (let i = 0; i < manifests.length; i += parallelReads) {
    const batch = await Promise.all(manifests.slice(i, i + parallelReads).map(async (m) => ({ manifest: m, entries: await readAvro(files, m) })));
    for (const { manifest, entries } of batch) {
      for (const entry of entries) {
        // status 2: the file was deleted by this snapshot.
        if (numberOf(entry.status) === 2) continue;
        const dataFile = entry.data_file as Record<string, unknown> | undefined;
        if (!dataFile || typeof dataFile.file_path !== 'string') throw new BrokenTableError(manifest, 'an entry without data_file.file_path');
        if ((numberOf(dataFile.content) ?? 0) !== 0) continue;
        out.push({ path: inRef(dataFile.file_path, manifest), size: numberOf(dataFile.file_size_in_bytes) ?? 0, rows: numberOf(dataFile.record_count) });
      }
    }
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

async function readAvro(files: RefFiles, path: string): Promise<Record<string, unknown>[]> {
  const bytes = await files.read(path).catch((err: unknown) => {
    throw new BrokenTableError(path, `cannot be read (${err instanceof Error ? err.message : String(err)})`);
  });
  try {
    return await readAvroRecords(bytes);
  } catch (err) {
    throw new BrokenTableError(path, `not a readable Avro file (${err instanceof Error ? err.message : String(err)})`);
  }
}

/**
 * An address of the metadata as a path of this ref: below the table's `location`, it is below the table's folder;
 * an address with no scheme is taken as a path of the repository already. Anything else is outside the table.
 */
function repositoryPath(tablePath: string, location: string | undefined, uri: string, namedIn: string): string {
  const root = location?.replace(/\/+$/, '');
  if (root && uri.startsWith(`${root}/`)) return `${folderOf(tablePath)}${uri.slice(root.length + 1)}`;
  if (!/^[a-z][a-z0-9+.-]*:/i.test(uri)) return uri.replace(/^\/+/, '');
  throw new BrokenTableError(namedIn, `${uri} is outside the table's location ${location ?? '(none)'}`);
}
