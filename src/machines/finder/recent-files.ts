// The files a user opened lately in a repository (docs/behaviour.md, File finder), newest first, kept in this
// browser's local storage: the object page records the object it shows, the finder the file it opens, and the finder
// lists them before anything is typed. Storage that cannot be read or written (private mode, full) keeps no list.

/** How many paths are kept per repository. */
export const RECENT_FILES_KEPT = 10;

const storageKey = (repoId: string) => `tarn:recent-files:${repoId}`;

/** The repository's recent paths, newest first; none when the stored value is missing or not a list of paths. */
export function recentFiles(repoId: string, storage?: Storage): string[] {
  let stored: unknown;
  try {
    // Reaching local storage itself throws where the browser refuses it.
    stored = JSON.parse((storage ?? localStorage).getItem(storageKey(repoId)) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(stored)) return [];
  return stored.filter((path): path is string => typeof path === 'string' && path !== '').slice(0, RECENT_FILES_KEPT);
}

/** Puts `path` first in the repository's recent paths (once), keeping the newest RECENT_FILES_KEPT. */
export function rememberRecentFile(repoId: string, path: string, storage?: Storage): void {
  const paths = [path, ...recentFiles(repoId, storage).filter((p) => p !== path)].slice(0, RECENT_FILES_KEPT);
  try {
    (storage ?? localStorage).setItem(storageKey(repoId), JSON.stringify(paths));
  } catch {
    // A full or refused storage only means the list is not remembered.
  }
}
