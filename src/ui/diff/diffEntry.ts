// What a diff entry means for display: its kind checked against the known set, and its name under its parent.
import type { Diff, DiffType } from '../../api/types';
import { INVALID_DIFF_INPUT } from '../../lib/content-diff';

export const DIFF_TYPES: readonly DiffType[] = ['added', 'removed', 'changed', 'conflict', 'prefix_changed'];

export type CheckedDiff = { ok: true; entry: Diff } | { ok: false; message: string };

/** Refuses entries the tree cannot draw: no path or no type ('Invalid diff input'), or an unknown type. */
export function checkDiffEntry(value: unknown): CheckedDiff {
  if (typeof value !== 'object' || value === null) return { ok: false, message: INVALID_DIFF_INPUT };
  const entry = value as Partial<Diff>;
  if (typeof entry.path !== 'string' || entry.path === '' || typeof entry.type !== 'string') {
    return { ok: false, message: INVALID_DIFF_INPUT };
  }
  if (!DIFF_TYPES.includes(entry.type)) return { ok: false, message: `Unknown diff type: ${entry.type}` };
  return { ok: true, entry: entry as Diff };
}

export function isFolder(entry: Diff): boolean {
  return entry.path_type === 'common_prefix';
}

/** The entry's name below the prefix it was listed under: 'a/b/c.csv' under 'a/b/' is 'c.csv'. */
export function displayName(entry: Diff, parentPrefix: string): string {
  return entry.path.startsWith(parentPrefix) ? entry.path.slice(parentPrefix.length) : entry.path;
}

// prefix_changed is what the server reports for every folder listed with a delimiter, whether the folder is new,
// emptied or partly modified: it says "something inside changed", so it must not read like a modified object.
export const DIFF_LABELS: Record<DiffType, string> = {
  added: 'Added',
  removed: 'Removed',
  changed: 'Changed',
  conflict: 'Conflict',
  prefix_changed: 'Folder changed',
};
