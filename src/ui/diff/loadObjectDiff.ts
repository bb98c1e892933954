// Loading both sides of a changed object for the content diff, within the size cap (spec 1 §5).
import { getObjectText, statObject } from '../../api/objects';
import type { Diff } from '../../api/types';
import { CONTENT_DIFF_CAP_BYTES, CONTENT_DIFF_EXTENSIONS } from '../../lib/constants';
import { formatSize } from '../../lib/format';
import { INVALID_DIFF_INPUT } from './diffEntry';
import { diffLines, splitLines, type DiffLine } from './lineDiff';

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

export interface ObjectDiffSides {
  repoId: string;
  /** The ref holding the old content (e.g. the parent commit, or `branch@` for staged changes). */
  leftRef: string;
  /** The ref holding the new content. */
  rightRef: string;
}

export async function loadObjectDiff(sides: ObjectDiffSides, entry: Diff, signal?: AbortSignal): Promise<DiffLine[]> {
  if (!contentDiffOffered(entry)) throw new Error(INVALID_DIFF_INPUT);
  const { repoId, leftRef, rightRef } = sides;
  const hasLeft = entry.type !== 'added';
  const hasRight = entry.type !== 'removed';
  const stats = await Promise.all([
    hasLeft ? statObject(repoId, leftRef, entry.path, signal) : undefined,
    hasRight ? statObject(repoId, rightRef, entry.path, signal) : undefined,
  ]);
  if (stats.some((s) => (s?.size_bytes ?? 0) > CONTENT_DIFF_CAP_BYTES)) throw new Error(tooBigMessage(entry.path));
  const [left, right] = await Promise.all([
    hasLeft ? getObjectText(repoId, leftRef, entry.path, { signal }) : '',
    hasRight ? getObjectText(repoId, rightRef, entry.path, { signal }) : '',
  ]);
  return diffLines(splitLines(left), splitLines(right));
}
