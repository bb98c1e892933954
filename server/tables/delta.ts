// A Delta Lake table read from its `_delta_log/`: the newest checkpoint (Parquet, read with hyparquet) and the JSON
// commits after it give the live files and the metadata; every JSON commit still in the log gives a version of the
// history. Anything the protocol requires that is missing or unreadable is a BrokenTableError naming the file.
import { parquetReadObjects } from 'hyparquet';
import { BrokenTableError } from '../errors';
import { folderOf, nameOf, objectsIn } from './files';
import type { RefFiles, TableColumn, TableDataFile, TableDetail, TableSummary, TableVersion } from './types';

const commitName = /^(\d{20})\.json$/;
const checkpointName = /^(\d{20})\.checkpoint(?:\.(\d{10})\.(\d{10}))?\.parquet$/;
/** Checkpoints and JSON commits are read this many at a time. */
const parallelReads = 8;

interface AddAction {
  path: string;
  size: number;
  rows: number | undefined;
}

interface MetaData {
  schemaString: string;
  partitionColumns: string[];
}

interface Commit {
  version: number;
  file: string;
  adds: AddAction[];
  removes: string[];
  metaData: MetaData | undefined;
  info: { timestamp?: unknown; operation?: unknown } | undefined;
}

interface Log {
  folder: string;
  commits: Map<number, string>;
  checkpoint: { version: number; files: string[] } | undefined;
  latest: number;
}

/** Whether the table is at this folder: a `_delta_log/` under it. */
export const deltaLogFolder = (tablePath: string): string => `${folderOf(tablePath)}_delta_log/`;

export async function readDeltaSummary(files: RefFiles, tablePath: string): Promise<TableSummary> {
  const log = await readLogListing(files, tablePath);
  const { state, meta } = await replay(files, log);
  return summaryOf(tablePath, log, state, meta);
}

export async function readDeltaDetail(files: RefFiles, tablePath: string): Promise<TableDetail> {
  const log = await readLogListing(files, tablePath);
  const commits = await readCommits(files, [...log.commits.entries()].sort((a, b) => a[0] - b[0]));
  const after = log.checkpoint?.version ?? -1;
  const { state, meta } = await replay(files, log, commits.filter((c) => c.version > after));
  const dataFiles: TableDataFile[] = [...state.values()].map((add) => ({ path: dataPath(tablePath, add.path), size: add.size, rows: add.rows }));
  return { ...summaryOf(tablePath, log, state, meta), history: commits.map(versionOf).reverse(), dataFiles };
}

function summaryOf(tablePath: string, log: Log, state: Map<string, AddAction>, meta: MetaData): TableSummary {
  const adds = [...state.values()];
  return {
    path: tablePath,
    format: 'delta',
    version: String(log.latest),
    schema: schemaOf(meta, log),
    partitionColumns: meta.partitionColumns,
    files: adds.length,
    rows: adds.every((a) => a.rows !== undefined) ? adds.reduce((sum, a) => sum + (a.rows ?? 0), 0) : undefined,
  };
}

function versionOf(c: Commit): TableVersion {
  const time = typeof c.info?.timestamp === 'number' ? Math.floor(c.info.timestamp / 1000) : undefined;
  return {
    version: String(c.version),
    time,
    operation: typeof c.info?.operation === 'string' ? c.info.operation : '',
    filesAdded: c.adds.length,
    filesRemoved: c.removes.length,
    rowsAdded: c.adds.every((a) => a.rows !== undefined) ? c.adds.reduce((sum, a) => sum + (a.rows ?? 0), 0) : undefined,
  };
}

/** The log's files: its JSON commits, its newest complete checkpoint (as `_last_checkpoint` says, when it does), its newest version. */
async function readLogListing(files: RefFiles, tablePath: string): Promise<Log> {
  const folder = deltaLogFolder(tablePath);
  const listed = await objectsIn(files, folder);
  const commits = new Map<number, string>();
  const checkpoints = new Map<number, { parts: number; files: string[] }>();
  let lastCheckpointFile: string | undefined;
  for (const { path } of listed) {
    const name = nameOf(path);
    if (name === '_last_checkpoint') lastCheckpointFile = path;
    const commit = commitName.exec(name);
    if (commit) commits.set(Number(commit[1]), path);
    const checkpoint = checkpointName.exec(name);
    if (checkpoint) {
      const version = Number(checkpoint[1]);
      const found = checkpoints.get(version) ?? { parts: Number(checkpoint[3] ?? 1), files: [] };
      found.files.push(path);
      checkpoints.set(version, found);
    }
  }
  const complete = [...checkpoints.entries()].filter(([, c]) => c.files.length === c.parts).map(([version]) => version);
  let checkpointVersion = complete.length > 0 ? Math.max(...complete) : undefined;
  if (lastCheckpointFile !== undefined) {
    const hint = parseJson(await files.read(lastCheckpointFile), lastCheckpointFile) as { version?: unknown };
    if (typeof hint.version !== 'number' || !Number.isInteger(hint.version)) throw new BrokenTableError(lastCheckpointFile, 'no version number');
    const named = checkpoints.get(hint.version);
    if (!named || named.files.length !== named.parts) throw new BrokenTableError(lastCheckpointFile, `names checkpoint ${hint.version}, which is not in the log`);
    checkpointVersion = hint.version;
  }
  const latest = Math.max(checkpointVersion ?? -1, ...commits.keys());
  if (latest < 0) throw new BrokenTableError(folder, 'no commits and no checkpoint');
  const checkpoint = checkpointVersion === undefined ? undefined : { version: checkpointVersion, files: (checkpoints.get(checkpointVersion)?.files ?? []).sort() };
  for (let v = (checkpoint?.version ?? -1) + 1; v <= latest; v++) {
    if (!commits.has(v)) throw new BrokenTableError(`${folder}${String(v).padStart(20, '0')}.json`, `version ${v} is missing from the log`);
  }
  return { folder, commits, checkpoint, latest };
}

/** The live files and metadata: the checkpoint's, then the given commits (those after it) applied in order. */
async function replay(files: RefFiles, log: Log, later?: Commit[]): Promise<{ state: Map<string, AddAction>; meta: MetaData }> {
  const state = new Map<string, AddAction>();
  let meta: MetaData | undefined;
  if (log.checkpoint) {
    for (const file of log.checkpoint.files) {
      for (const row of await readCheckpoint(files, file)) {
        if (row.add) state.set(row.add.path, row.add);
        if (row.metaData) meta = row.metaData;
      }
    }
  }
  const after = log.checkpoint?.version ?? -1;
  const commits =
    later ??
    (await readCommits(
      files,
      [...log.commits.entries()].filter(([v]) => v > after).sort((a, b) => a[0] - b[0]),
    ));
  for (const c of commits) {
    for (const path of c.removes) state.delete(path);
    for (const add of c.adds) state.set(add.path, add);
    if (c.metaData) meta = c.metaData;
  }
  if (!meta) throw new BrokenTableError(log.checkpoint?.files[0] ?? log.commits.get(0) ?? log.folder, 'no metaData action (the table has no schema)');
  return { state, meta };
}

async function readCommits(files: RefFiles, versions: [number, string][]): Promise<Commit[]> {
  const out: Commit[] = [];
  for (let i = 0; i < versions.length; i += parallelReads) {
    const batch = versions.slice(i, i + parallelReads);
    out.push(...(await Promise.all(batch.map(async ([version, file]) => parseCommit(version, file, await files.read(file))))));
  }
  return out;
}

function parseCommit(version: number, file: string, bytes: Buffer): Commit {
  const commit: Commit = { version, file, adds: [], removes: [], metaData: undefined, info: undefined };
  bytes
    .toString('utf8')
    .split('\n')
    .forEach((line, i) => {
      if (line.trim() === '') return;
      let action: Record<string, unknown>;
      try {
        action = JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new BrokenTableError(file, `line ${i + 1} is not JSON`);
      }
      if (typeof action !== 'object' || action === null) throw new BrokenTableError(file, `line ${i + 1} is not an action`);
      if (action.add !== undefined) commit.adds.push(addAction(action.add, file));
      if (action.remove !== undefined) commit.removes.push(actionPath(action.remove, file, 'remove'));
      if (action.metaData !== undefined) commit.metaData = metaDataAction(action.metaData, file);
      if (typeof action.commitInfo === 'object' && action.commitInfo !== null) commit.info = action.commitInfo as Commit['info'];
    });
  return commit;
}

interface CheckpointRow {
  add?: AddAction;
  metaData?: MetaData;
}

async function readCheckpoint(files: RefFiles, file: string): Promise<CheckpointRow[]> {
  const bytes = await files.read(file);
  let rows: Record<string, unknown>[];
  try {
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    rows = await parquetReadObjects({ file: buffer, columns: ['add', 'metaData'] });
  } catch (err) {
    throw new BrokenTableError(file, `not a readable Parquet checkpoint (${err instanceof Error ? err.message : String(err)})`);
  }
  return rows.map((row) => ({
    ...(row.add ? { add: addAction(row.add, file) } : {}),
    ...(row.metaData ? { metaData: metaDataAction(row.metaData, file) } : {}),
  }));
}

function actionPath(action: unknown, file: string, kind: string): string {
  const path = (action as { path?: unknown } | null)?.path;
  if (typeof path !== 'string' || path === '') throw new BrokenTableError(file, `a ${kind} action without a path`);
  return path;
}

function addAction(action: unknown, file: string): AddAction {
  const path = actionPath(action, file, 'add');
  const { size, stats } = action as { size?: unknown; stats?: unknown };
  return { path, size: Number(size ?? 0), rows: rowsOf(stats) };
}

/** `numRecords` of an add's stats (a JSON text), when it is there. */
function rowsOf(stats: unknown): number | undefined {
  if (typeof stats !== 'string' || stats === '') return undefined;
  try {
    const n = (JSON.parse(stats) as { numRecords?: unknown }).numRecords;
    return typeof n === 'number' ? n : undefined;
  } catch {
    return undefined;
  }
}

function metaDataAction(action: unknown, file: string): MetaData {
  const { schemaString, partitionColumns } = action as { schemaString?: unknown; partitionColumns?: unknown };
  if (typeof schemaString !== 'string') throw new BrokenTableError(file, 'a metaData action without schemaString');
  return { schemaString, partitionColumns: Array.isArray(partitionColumns) ? partitionColumns.map(String) : [] };
}

interface DeltaField {
  name: string;
  type: DeltaType;
  nullable?: boolean;
}
type DeltaType = string | { type: 'struct'; fields: DeltaField[] } | { type: 'array'; elementType: DeltaType } | { type: 'map'; keyType: DeltaType; valueType: DeltaType };

function schemaOf(meta: MetaData, log: Log): TableColumn[] {
  let schema: { fields?: unknown };
  try {
    schema = JSON.parse(meta.schemaString) as { fields?: unknown };
  } catch {
    throw new BrokenTableError(log.checkpoint?.files[0] ?? log.folder, 'the schemaString of metaData is not JSON');
  }
  if (!Array.isArray(schema.fields)) throw new BrokenTableError(log.folder, 'the schema has no fields');
  return (schema.fields as DeltaField[]).map((f) => ({ name: String(f.name), type: typeText(f.type), nullable: f.nullable !== false }));
}

function typeText(type: DeltaType): string {
  if (typeof type === 'string') return type;
  switch (type.type) {
    case 'struct':
      return `struct<${type.fields.map((f) => `${f.name}: ${typeText(f.type)}`).join(', ')}>`;
    case 'array':
      return `array<${typeText(type.elementType)}>`;
    case 'map':
      return `map<${typeText(type.keyType)}, ${typeText(type.valueType)}>`;
  }
}

/** A data file's path in the repository: Delta's paths are relative to the table and URI-encoded; an absolute URI stays as written. */
function dataPath(tablePath: string, logPath: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(logPath)) return logPath;
  return `${folderOf(tablePath)}${decodeURIComponent(logPath)}`;
}

export function parseJson(bytes: Buffer, file: string): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new BrokenTableError(file, 'not JSON');
  }
}
