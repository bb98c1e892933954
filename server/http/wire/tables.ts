// Tables of a ref (Tarn's own calls; lakeFS keeps its Tables view for its Enterprise edition): Delta Lake and Iceberg
// tables with their schema, version and counts, and one table's history and live data files.
import { z } from '@hono/zod-openapi';
import { pageOf } from './common';

const TableFormat = z.enum(['delta', 'iceberg']);

export const TableColumn = z
  .object({
    name: z.string(),
    type: z.string().openapi({ description: 'The log’s type name; nested types written out, e.g. struct<a: int>' }),
    nullable: z.boolean(),
  })
  .openapi('TableColumn');

const tableFields = {
  path: z.string().openapi({ description: 'The table’s folder, without a trailing slash' }),
  format: TableFormat,
  version: z.string().nullable().openapi({ description: 'Delta’s version, or Iceberg’s current snapshot id (null before its first snapshot)' }),
  schema: z.array(TableColumn),
  partition_columns: z.array(z.string()),
  files: z.number().int().nullable().openapi({ description: 'Live data files, when the log holds them' }),
  rows: z.number().int().nullable().openapi({ description: 'Live rows, when the log holds them' }),
};

export const TableSummary = z
  .object({
    ...tableFields,
    error: z.string().nullable().openapi({ description: 'Why the table’s log could not be read (naming the file); the other fields are then empty' }),
  })
  .openapi('TableSummary');
export type TableSummary = z.output<typeof TableSummary>;

export const TableList = pageOf(TableSummary, 'TableList');
export type TableList = z.output<typeof TableList>;

export const TableVersion = z
  .object({
    version: z.string(),
    time: z.number().int().nullable().openapi({ description: 'Unix seconds' }),
    operation: z.string(),
    files_added: z.number().int().nullable(),
    files_removed: z.number().int().nullable(),
    rows_added: z.number().int().nullable(),
  })
  .openapi('TableVersion');
export type TableVersion = z.output<typeof TableVersion>;

export const TableDataFile = z
  .object({
    path: z.string().openapi({ description: 'The file’s path in the repository' }),
    size_bytes: z.number().int(),
    rows: z.number().int().nullable(),
  })
  .openapi('TableDataFile');
export type TableDataFile = z.output<typeof TableDataFile>;

export const TableDetail = z
  .object({
    ...tableFields,
    history: z.array(TableVersion).openapi({ description: 'Delta’s commits or Iceberg’s snapshots, newest first' }),
    data_files: z.array(TableDataFile).openapi({ description: 'The current version’s data files' }),
  })
  .openapi('TableDetail');
export type TableDetail = z.output<typeof TableDetail>;
export type TableColumn = z.output<typeof TableColumn>;
