// The Delta Lake and Iceberg tables of a ref: found by a walk of its folders (discover.ts), each read from its own
// log (delta.ts, iceberg.ts) through the catalog's reads of that ref.
import type { Catalog } from '../catalog';
import { BrokenTableError, NotFoundError } from '../errors';
import { readDeltaDetail, readDeltaSummary } from './delta';
import { findTables, tableFormatAt, type FoundTable } from './discover';
import { readIcebergDetail, readIcebergSummary } from './iceberg';
import type { RefFiles, TableDetail, TableFormat, TableSummary } from './types';

export type * from './types';

/** Tables of a page are read this many at a time. */
const parallelTables = 4;

/** A table of a listing: its summary, or why its log could not be read. */
export type ListedTable = TableSummary | { path: string; format: TableFormat; error: string };

export function catalogFiles(catalog: Catalog, repository: string, ref: string): RefFiles {
  return {
    async list(prefix, o) {
      const page = await catalog.listObjects(repository, ref, { prefix, delimiter: '/', amount: o.amount ?? 1000, ...(o.after ? { after: o.after } : {}) });
      return {
        objects: page.results.flatMap((r) => (r.pathType === 'object' ? [{ path: r.path, size: r.entry.size }] : [])),
        folders: page.results.flatMap((r) => (r.pathType === 'common_prefix' ? [r.path] : [])),
        hasMore: page.hasMore,
        nextOffset: page.nextOffset,
      };
    },
    async read(path) {
      return (await catalog.getObject(repository, ref, path)).bytes();
    },
  };
}

export async function listTables(
  files: RefFiles,
  o: { after?: string; amount: number; readable: (path: string) => Promise<boolean> },
): Promise<{ tables: ListedTable[]; hasMore: boolean }> {
  const found = await findTables(files, o);
  const tables: ListedTable[] = [];
  for (let i = 0; i < found.tables.length; i += parallelTables) {
    tables.push(...(await Promise.all(found.tables.slice(i, i + parallelTables).map((t) => summaryOrError(files, t)))));
  }
  return { tables, hasMore: found.hasMore };
}

async function summaryOrError(files: RefFiles, table: FoundTable): Promise<ListedTable> {
  try {
    return table.format === 'delta' ? await readDeltaSummary(files, table.path) : await readIcebergSummary(files, table.path);
  } catch (err) {
    if (err instanceof BrokenTableError) return { ...table, error: err.message };
    throw err;
  }
}

/** The table at `path`: NotFoundError('table') when the folder holds none. */
export async function describeTable(files: RefFiles, path: string): Promise<TableDetail> {
  const tablePath = path.replace(/\/+$/, '');
  switch (await tableFormatAt(files, tablePath)) {
    case 'delta':
      return readDeltaDetail(files, tablePath);
    case 'iceberg':
      return readIcebergDetail(files, tablePath);
    case undefined:
      throw new NotFoundError('table');
  }
}
