// Loading both sides of a changed object for the content diff, within the size cap (spec 1 §5).
import { getObjectText, statObject } from '../../api/objects';
import type { Diff } from '../../api/types';
import { CONTENT_DIFF_CAP_BYTES } from '../../lib/constants';
import { contentDiffOffered, tooBigMessage, type ObjectDiffSides } from '../../lib/content-diff';
import { INVALID_DIFF_INPUT } from './diffEntry';
import { diffLines, splitLines, type DiffLine } from '../../lib/line-diff';


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

export { contentDiffOffered, tooBigMessage, type ObjectDiffSides };
