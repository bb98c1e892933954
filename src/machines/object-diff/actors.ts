// Both sides of a changed object, read for its line diff within the size cap.
import { fromPromise } from 'xstate';
import { getObjectText, statObject } from '../../api/objects';
import { CONTENT_DIFF_CAP_BYTES } from '../../lib/content-diff';
import { contentDiffOffered, INVALID_DIFF_INPUT, tooBigMessage } from '../../lib/content-diff';
import { diffLines, splitLines, type DiffLine } from '../../lib/line-diff';
import type { ObjectDiffInput } from './machine';

/** Reads an entry's old and new content from its sides: stats first, so nothing over the cap is downloaded. */
export const loadObjectDiff = fromPromise<DiffLine[], ObjectDiffInput>(
  async ({ input: { entry, sides: { repoId, leftRef, rightRef } }, signal }) => {
    if (!contentDiffOffered(entry)) throw new Error(INVALID_DIFF_INPUT);
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
  },
);
