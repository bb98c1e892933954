// Finding the tables of a ref without reading its objects: a walk of its folders in key order that asks each folder
// two cheap questions (a `_delta_log/` under it? an Iceberg metadata file in its `metadata/`?) and never enters a
// table, so a table's data files are not listed. Tables do not nest, and a walk of sorted folders meets tables in
// the order of their folders, which is the order a page and its `after` cursor follow.
import { compareKeys } from '../kv/keys';
import { foldersIn, holdsAnything, objectsIn } from './files';
import { deltaLogFolder } from './delta';
import { holdsIcebergMetadata, icebergMetadataFolder } from './iceberg';
import type { RefFiles, TableFormat } from './types';

export interface FoundTable {
  path: string;
  format: TableFormat;
}

export interface FindTablesOptions {
  /** The path of the last table of the previous page: the walk answers only tables after it. */
  after?: string;
  amount: number;
  /** Whether the caller may read the table at this path; the others are passed over as if absent. */
  readable: (path: string) => Promise<boolean>;
}

/** A table's key in the walk's order: its folder with the slash, so `a/b` sorts with what lies under `a/`. */
const keyOf = (path: string): string => (path === '' ? '' : `${path}/`);

export async function findTables(files: RefFiles, o: FindTablesOptions): Promise<{ tables: FoundTable[]; hasMore: boolean }> {
  const afterKey = o.after ? keyOf(o.after) : undefined;
  const tables: FoundTable[] = [];
  for await (const table of walk(files, '', afterKey)) {
    if (!(await o.readable(table.path))) continue;
    tables.push(table);
    if (tables.length > o.amount) return { tables: tables.slice(0, o.amount), hasMore: true };
  }
  return { tables, hasMore: false };
}

async function* walk(files: RefFiles, folder: string, afterKey: string | undefined): AsyncGenerator<FoundTable> {
  const format = await tableFormatAt(files, folder.replace(/\/$/, ''));
  if (format) {
    if (afterKey === undefined || compareKeys(folder, afterKey) > 0) yield { path: folder.replace(/\/$/, ''), format };
    return;
  }
  for await (const child of foldersIn(files, folder)) {
    // A folder wholly before the cursor holds only tables of earlier pages.
    if (afterKey !== undefined && compareKeys(child, afterKey) < 0 && !afterKey.startsWith(child)) continue;
    yield* walk(files, child, afterKey);
  }
}

/** Which table, if any, the folder at `path` holds. */
export async function tableFormatAt(files: RefFiles, path: string): Promise<TableFormat | undefined> {
  if (await holdsAnything(files, deltaLogFolder(path))) return 'delta';
  const metadata = icebergMetadataFolder(path);
  if ((await holdsAnything(files, metadata)) && holdsIcebergMetadata((await objectsIn(files, metadata)).map((o) => o.path))) return 'iceberg';
  return undefined;
}
