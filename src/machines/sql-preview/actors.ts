// The SQL preview's work: the engine (loaded on first use, or started by the route), and the uploads of what a query wrote
// with COPY ... TO 'lakefs://{repo}/{branch}/{path}', which land as uncommitted changes on that branch.
import { fromPromise } from 'xstate';
import { getBranch } from '../../api/branches';
import { NotFoundError } from '../../api/errors';
import { stageAllowed } from '../../api/objects';
import { uploadObject } from '../../api/upload';
import { SQL_MAX_ROWS_SHOWN } from '../../lib/constants';
import { extensionOf } from '../../lib/extension';
import { saveFile } from '../../lib/save-file';
import { formatLakefsAddress, type LakefsAddress } from '../../lib/sql/lakefs-address';
import { sqlEngine as engine } from '../../lib/sql/engine-loader';
import { copyTargets } from '../../lib/sql/object-files';
import type { ColumnSummary, SqlResult } from '../../lib/sql/sql-engine';
import type { ExportInput, SqlRun } from './machine';

const CONTENT_TYPES: Record<string, string> = {
  parquet: 'application/vnd.apache.parquet',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  json: 'application/json',
};

function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extensionOf(path)] ?? 'application/octet-stream';
}

/** COPY writes only to a branch the user may write: refused before the query runs, not after. */
async function assertWritable(target: LakefsAddress, signal: AbortSignal): Promise<void> {
  const address = formatLakefsAddress(target);
  try {
    await getBranch(target.repo, target.ref, signal);
  } catch (error) {
    if (error instanceof NotFoundError) {
      throw new Error(`Cannot write ${address}: COPY ... TO writes only to a branch, and ${target.ref} is not one (${error.message}).`);
    }
    throw error;
  }
  if (!(await stageAllowed(target.repo, target.ref, target.path, signal))) {
    throw new Error(`Cannot write ${address}: you may not write objects on branch ${target.ref}.`);
  }
}

const blobOf = (bytes: Uint8Array, type: string) => new Blob([bytes as Uint8Array<ArrayBuffer>], { type });

export const sqlPreviewActors = {
  startEngine: fromPromise<void, void>(async () => {
    await engine();
  }),

  describeColumns: fromPromise<string[], { query: string }>(async ({ input, signal }) => {
    const columns = await (await engine()).describe(input.query, signal);
    return columns.map((column) => column.name);
  }),

  runQuery: fromPromise<SqlRun, { sql: string }>(async ({ input, signal }) => {
    await Promise.all(copyTargets(input.sql).map((target) => assertWritable(target, signal)));
    const result = await (await engine()).run(input.sql, { signal, maxRows: SQL_MAX_ROWS_SHOWN });
    for (const { address, bytes } of result.outputs) {
      const type = contentTypeOf(address.path);
      await uploadObject(address.repo, address.ref, address.path, blobOf(bytes, type), { signal });
    }
    return { result, written: result.outputs.map((output) => output.address) };
  }),

  summarise: fromPromise<Array<ColumnSummary | undefined>, { result: SqlResult }>(async ({ input, signal }) =>
    (await engine()).summarise(input.result, signal),
  ),

  countRows: fromPromise<number, { query: string }>(async ({ input, signal }) => {
    const { rows } = await (await engine()).run(input.query, { signal, maxRows: 1 });
    const total = Number(rows[0]?.[0]);
    if (!Number.isSafeInteger(total)) throw new Error(`The count of rows could not be read: ${String(rows[0]?.[0])}`);
    return total;
  }),

  exportResult: fromPromise<void, ExportInput>(async ({ input, signal }) => {
    const bytes = await (await engine()).exportResult(input.result, input.format, signal);
    const name = `${input.fileName}.${input.format}`;
    saveFile(blobOf(bytes, contentTypeOf(name)), name);
  }),
};
