import { useScreen } from '../../lib/use-screen';
import type { TableDetail } from '../../api/types';
import { tableCountQuery, tableOpeningQuery, tableSourceQuery } from '../../lib/sql/table-source';
import { liveSqlPreviewMachine } from '../../machines/sql-preview';
import { basename } from '../objects/paths';
import { SqlWorkbench } from '../viewer/sql/SqlPreview';

export interface TableSqlProps {
  repoId: string;
  refName: string;
  path: string;
  detail: TableDetail;
  sql: string | undefined;
}

/** SQL over the table's current snapshot: the data files its log names, read as any object is. */
export function TableSql({ repoId, refName, path, detail, sql }: TableSqlProps) {
  const snapshot = { repo: repoId, ref: refName, files: detail.data_files.map((f) => f.path) };
  const opening = tableOpeningQuery(snapshot);
  const preview = useScreen(liveSqlPreviewMachine, {
    sql: sql ?? opening,
    opening,
    columnsOf: tableSourceQuery(snapshot),
    countOf: tableCountQuery(snapshot),
    exportName: `${basename(path) || 'table'}-query`,
  });
  return <SqlWorkbench preview={preview} opening={opening} />;
}
