// The commit message the dialog suggests, from the branch's first page of uncommitted changes: what was done (added,
// deleted or updated), to how many files, and the folder they share, e.g. "Update 2 files in data/".
import type { Diff } from '../../api/types';

/** How many changes the suggestion reads; a branch with more is described by its folder alone. */
export const SUGGESTION_PAGE = 1000;

function verbOf(changes: readonly Pick<Diff, 'type'>[]): string {
  if (changes.every((change) => change.type === 'added')) return 'Add';
  if (changes.every((change) => change.type === 'removed')) return 'Delete';
  return 'Update';
}

/** The longest folder ("a/b/") that holds every path, or '' when they share none. */
function sharedFolder(paths: readonly string[]): string {
  let folder = paths[0]?.slice(0, paths[0].lastIndexOf('/') + 1) ?? '';
  for (const path of paths) {
    while (folder !== '' && !path.startsWith(folder)) folder = folder.slice(0, folder.slice(0, -1).lastIndexOf('/') + 1);
  }
  return folder;
}

/**
 * The message for `changes`; `complete` says whether they are all of the branch's changes. Null when there is
 * nothing to describe.
 */
export function suggestCommitMessage(changes: readonly Pick<Diff, 'type' | 'path'>[], complete: boolean): string | null {
  if (changes.length === 0) return null;
  const verb = verbOf(changes);
  const only = changes[0];
  if (complete && changes.length === 1 && only) return `${verb} ${only.path}`;
  const folder = sharedFolder(changes.map((change) => change.path));
  const files = complete ? `${changes.length.toLocaleString('en-US')} files` : 'files';
  return folder === '' ? `${verb} ${files}` : `${verb} ${files} in ${folder}`;
}
