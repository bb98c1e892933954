// A ref's tables over the catalog's reads of that ref (server/tables).
import type { Catalog } from '../../../catalog';
import { need } from '../../../auth';
import { catalogFiles, describeTable as describe, listTables as list, type ListedTable, type TableDetail as Detail } from '../../../tables';
import { maxPerPage, normaliseAmount } from '../../pagination';
import { allowsOf, type AppRouteHandler } from '../../router';
import type { TableDetail, TableSummary } from '../../wire';
import { tableArn } from './routes';
import type * as routes from './routes';

const orNull = <T>(value: T | undefined): T | null => (value === undefined ? null : value);

function summaryJson(t: ListedTable): TableSummary {
  if ('error' in t) return { path: t.path, format: t.format, version: null, schema: [], partition_columns: [], files: null, rows: null, error: t.error };
  return {
    path: t.path,
    format: t.format,
    version: orNull(t.version),
    schema: t.schema,
    partition_columns: t.partitionColumns,
    files: orNull(t.files),
    rows: orNull(t.rows),
    error: null,
  };
}

function detailJson(t: Detail): TableDetail {
  const { error: _none, ...summary } = summaryJson(t);
  return {
    ...summary,
    history: t.history.map((v) => ({
      version: v.version,
      time: orNull(v.time),
      operation: v.operation,
      files_added: orNull(v.filesAdded),
      files_removed: orNull(v.filesRemoved),
      rows_added: orNull(v.rowsAdded),
    })),
    data_files: t.dataFiles.map((f) => ({ path: f.path, size_bytes: f.size, rows: orNull(f.rows) })),
  };
}

export function tableHandlers(catalog: Catalog) {
  const listTables: AppRouteHandler<typeof routes.listTables> = async (c) => {
    const { repository, ref } = c.req.valid('param');
    const q = c.req.valid('query');
    const allows = allowsOf(c);
    const page = await list(catalogFiles(catalog, repository, ref), {
      ...(q.after ? { after: q.after } : {}),
      amount: normaliseAmount(q.amount),
      readable: (path) => allows(need('fs:ReadObject', tableArn(repository, path))),
    });
    const results = page.tables.map(summaryJson);
    return c.json(
      {
        pagination: {
          has_more: page.hasMore,
          next_offset: page.hasMore ? (results.at(-1)?.path ?? '') : '',
          results: results.length,
          max_per_page: maxPerPage,
        },
        results,
      },
      200,
    );
  };

  const describeTable: AppRouteHandler<typeof routes.describeTable> = async (c) => {
    const { repository, ref } = c.req.valid('param');
    const { path } = c.req.valid('query');
    return c.json(detailJson(await describe(catalogFiles(catalog, repository, ref), path)), 200);
  };

  return { listTables, describeTable };
}
