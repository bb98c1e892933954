// What Tarn tells about a table: the shapes its readers (delta.ts, iceberg.ts) answer, before they become wire JSON.
export type TableFormat = 'delta' | 'iceberg';

export interface TableColumn {
  name: string;
  /** The log's own type name; nested types written out, e.g. `struct<a: int>`, `array<string>`. */
  type: string;
  nullable: boolean;
}

export interface TableSummary {
  /** The table's folder, without a trailing slash ('' for a table at the root of the ref). */
  path: string;
  format: TableFormat;
  /** Delta's version number, or Iceberg's current snapshot id (64 bits, so as text); undefined for an Iceberg table with no snapshot yet. */
  version: string | undefined;
  schema: TableColumn[];
  partitionColumns: string[];
  /** Live data files and rows, when the log holds them (a Delta add without stats leaves rows unknown). */
  files: number | undefined;
  rows: number | undefined;
}

/** One Delta commit or Iceberg snapshot. Times are unix seconds, like the rest of the API. */
export interface TableVersion {
  version: string;
  time: number | undefined;
  operation: string;
  filesAdded: number | undefined;
  filesRemoved: number | undefined;
  rowsAdded: number | undefined;
}

export interface TableDataFile {
  /** The file's path in the repository (the log's address mapped onto the table's folder). */
  path: string;
  size: number;
  rows: number | undefined;
}

export interface TableDetail extends TableSummary {
  /** Newest first. */
  history: TableVersion[];
  dataFiles: TableDataFile[];
}

/** The objects of one ref, as the table readers need them: listings (with subfolders) and whole objects. */
export interface RefFiles {
  /** One page of the objects directly under `prefix` and its subfolders (each ending in `/`), in key order. */
  list(prefix: string, o: { after?: string; amount?: number }): Promise<{ objects: { path: string; size: number }[]; folders: string[]; hasMore: boolean; nextOffset: string }>;
  read(path: string): Promise<Buffer>;
}
