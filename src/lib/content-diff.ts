// When a changed object's contents can be compared line by line (spec 1 §5): plain-text formats only, within the
// size cap.
import type { Diff } from '../api/types';
import { CONTENT_DIFF_CAP_BYTES, CONTENT_DIFF_EXTENSIONS } from './constants';
import { formatSize } from './format';

/** Spec 1 §8: what a diff entry or request the console cannot use is called. */
export const INVALID_DIFF_INPUT = 'Invalid diff input';

/** Where the old and new contents of a diff's objects live. */
export interface ObjectDiffSides {
  repoId: string;
  /** The ref holding the old content (e.g. the parent commit, or `branch@` for staged changes). */
  leftRef: string;
  /** The ref holding the new content. */
  rightRef: string;
}

/** Content diff is offered for plain-text formats only, and only where there is content on a side to compare. */
export function contentDiffOffered(entry: Diff): boolean {
  if (entry.path_type !== 'object') return false;
  if (entry.type !== 'added' && entry.type !== 'removed' && entry.type !== 'changed') return false;
  const extension = entry.path.split('/').at(-1)?.split('.').at(-1)?.toLowerCase();
  return extension !== undefined && (CONTENT_DIFF_EXTENSIONS as readonly string[]).includes(extension);
}

export function tooBigMessage(path: string): string {
  return `${path} is too big (> ${formatSize(CONTENT_DIFF_CAP_BYTES)}). To view its diff please download the objects and use an external diff tool.`;
}
