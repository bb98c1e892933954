// When a changed object's contents can be compared line by line (docs/behaviour.md, Uncommitted changes): plain-text formats only, within the
// size cap; and when its rows can be compared (parquet, csv and tsv, any size).
import type { Diff } from '../api/types';
import { extensionOf } from './extension';
import { formatSize } from './format';
import { dataFormatOfExtension } from './sql/data-format';

/** Larger objects are not compared line by line (docs/behaviour.md, Uncommitted changes: `is too big`). */
export const CONTENT_DIFF_CAP_BYTES = 122_880;
/** The text formats compared line by line. */
export const CONTENT_DIFF_EXTENSIONS = ['txt', 'text', 'csv', 'tsv', 'yaml', 'yml', 'json'] as const;

/** docs/behaviour.md, Uncommitted changes: what a diff entry or request the console cannot use is called. */
export const INVALID_DIFF_INPUT = 'Invalid diff input';

/** Where the old and new contents of a diff's objects live. */
export interface ObjectDiffSides {
  repoId: string;
  /** The ref holding the old content (e.g. the parent commit, or `branch@` for staged changes). */
  leftRef: string;
  /** The ref holding the new content. */
  rightRef: string;
}

/** The extension of an object added, removed or changed (where there is content on a side to compare), else none. */
function comparableExtension(entry: Diff): string | undefined {
  if (entry.path_type !== 'object') return undefined;
  if (entry.type !== 'added' && entry.type !== 'removed' && entry.type !== 'changed') return undefined;
  return extensionOf(entry.path);
}

/** Content diff is offered for plain-text formats only. */
export function contentDiffOffered(entry: Diff): boolean {
  const extension = comparableExtension(entry);
  return extension !== undefined && (CONTENT_DIFF_EXTENSIONS as readonly string[]).includes(extension);
}

/** Row diff is offered for the data files DuckDB reads: parquet, csv and tsv. */
export function rowDiffOffered(entry: Diff): boolean {
  const extension = comparableExtension(entry);
  return extension !== undefined && dataFormatOfExtension(extension) !== undefined;
}

export function tooBigMessage(path: string): string {
  return `${path} is too big (> ${formatSize(CONTENT_DIFF_CAP_BYTES)}). To view its diff please download the objects and use an external diff tool.`;
}
