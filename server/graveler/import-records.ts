// The status of imports (lakeFS's import status), kept in kv under the repository so that any server process can
// answer it and deleting the repository removes it. What the states mean and who may change them is the catalog's
// (server/catalog/importer.ts); the store keeps the records and changes them by compare-and-set only.
import { NotFoundError } from '../errors';
import type { Ctx } from './context';
import { decodeJson, encodeJson, keys, updateJson } from './records';

/** running: listing the source into a tree; committing: its commit exists and the branch is about to move. */
export type ImportState = 'running' | 'committing' | 'completed' | 'failed';

export interface ImportRecord {
  id: string;
  branch: string;
  state: ImportState;
  /** The server process that runs it (a random id per process). */
  owner: string;
  /** Unix milliseconds of the owner's last write: while it runs, at least every few seconds. */
  updateTime: number;
  /** Objects listed so far. */
  ingested: number;
  /** The imported tree, once listed. */
  metaRangeId?: string;
  /** The import's commit: made (committing) or on the branch (completed). */
  commitId?: string;
  /** Why it failed or was cancelled. */
  error?: string;
}

export async function createImportRecord(ctx: Ctx, repo: string, record: ImportRecord): Promise<void> {
  await ctx.kv.set(keys.import(repo, record.id), encodeJson(record));
}

export async function readImportRecord(ctx: Ctx, repo: string, id: string): Promise<ImportRecord> {
  const raw = await ctx.kv.get(keys.import(repo, id));
  if (raw === undefined) throw new NotFoundError('import');
  return decodeJson<ImportRecord>(raw);
}

/** Applies `change` to the import's record as updateJson does (undefined leaves it as it is). */
export function updateImportRecord(
  ctx: Ctx,
  repo: string,
  id: string,
  change: (current: ImportRecord) => ImportRecord | undefined,
): Promise<ImportRecord> {
  return updateJson(ctx.kv, keys.import(repo, id), 'import', change);
}
