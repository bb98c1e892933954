// How content diffs are laid out: side by side or unified. One choice for every content diff the user opens (changes,
// commit detail, compare), remembered in local storage: a preference of the user's, not a place to link to, so the
// URL does not carry it. A choice made in another tab applies here too.
import { useCallback, useSyncExternalStore } from 'react';

export type DiffLayout = 'unified' | 'split';

export const DIFF_LAYOUT_STORAGE_KEY = 'tarn:diff-layout';
const DEFAULT_LAYOUT: DiffLayout = 'unified';

const listeners = new Set<() => void>();
/** The choice of this page, for when storage refuses to keep it (privacy settings). */
let unsaved: DiffLayout | undefined;

function stored(): DiffLayout {
  try {
    const value = localStorage.getItem(DIFF_LAYOUT_STORAGE_KEY);
    if (value === 'unified' || value === 'split') return value;
  } catch {
    // Unreadable storage: this page's choice, else the default.
  }
  return unsaved ?? DEFAULT_LAYOUT;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === DIFF_LAYOUT_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function choose(layout: DiffLayout): void {
  try {
    localStorage.setItem(DIFF_LAYOUT_STORAGE_KEY, layout);
  } catch {
    // Kept for this page only. Only then: a kept choice is the storage's, and storage cleared means the default.
    unsaved = layout;
  }
  for (const listener of listeners) listener();
}

/** The layout content diffs use, and how to change it for all of them. */
export function useDiffLayout(): [DiffLayout, (layout: DiffLayout) => void] {
  const layout = useSyncExternalStore(subscribe, stored, () => DEFAULT_LAYOUT);
  return [layout, useCallback(choose, [])];
}
