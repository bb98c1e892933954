// A ref's Delta Lake and Iceberg tables (Tarn's own calls).
import { api, failsAs, query, repoPath, seg } from './client';
import type { PageParams, TableDetail, TableList } from './types';

const tablesPath = (repo: string, ref: string) => `${repoPath(repo)}/refs/${seg(ref)}/tables`;

export function listTables(repo: string, ref: string, params: Pick<PageParams, 'after' | 'amount'> = {}, signal?: AbortSignal): Promise<TableList> {
  return api.get(tablesPath(repo, ref), { searchParams: query({ ...params }), signal, ...failsAs('list tables') }).json();
}

/** The table at `path` on `ref`: a 404 'table not found' when the folder holds none, a 422 naming the log's broken file. */
export function describeTable(repo: string, ref: string, path: string, signal?: AbortSignal): Promise<TableDetail> {
  return api
    .get(`${tablesPath(repo, ref)}/describe`, { searchParams: query({ path }), signal, ...failsAs('read table') })
    .json();
}
