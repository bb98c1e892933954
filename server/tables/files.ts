// Listings of a ref's folders, whole: what the readers of a log (a table's few hundred log files) and the walk
// that finds tables (a folder's subfolders) go through page by page.
import type { RefFiles } from './types';

const pageSize = 1000;

/** Every object directly under `prefix` (not in its subfolders). */
export async function objectsIn(files: RefFiles, prefix: string): Promise<{ path: string; size: number }[]> {
  const all: { path: string; size: number }[] = [];
  for (let after = ''; ; ) {
    const page = await files.list(prefix, { after, amount: pageSize });
    all.push(...page.objects);
    if (!page.hasMore) return all;
    after = page.nextOffset;
  }
}

/** The subfolders of `prefix`, in key order, page by page. */
export async function* foldersIn(files: RefFiles, prefix: string): AsyncGenerator<string> {
  for (let after = ''; ; ) {
    const page = await files.list(prefix, { after, amount: pageSize });
    yield* page.folders;
    if (!page.hasMore) return;
    after = page.nextOffset;
  }
}

/** Whether anything at all lies under `prefix`: one seek. */
export async function holdsAnything(files: RefFiles, prefix: string): Promise<boolean> {
  const page = await files.list(prefix, { amount: 1 });
  return page.objects.length > 0 || page.folders.length > 0;
}

/** The folder of a table path as a listing prefix: '' (the root) or the path with its slash. */
export const folderOf = (tablePath: string): string => (tablePath === '' ? '' : `${tablePath}/`);

/** The last segment of a path. */
export const nameOf = (path: string): string => path.slice(path.lastIndexOf('/') + 1);
