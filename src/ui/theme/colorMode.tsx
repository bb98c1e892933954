import {
  createContext,
  useContext,
  useLayoutEffect,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';

// Light and dark mode for a page rendered only in the browser: the mode is a class on <html> (what Chakra's dark
// conditions look for), set in a layout effect so the first paint already has it. (next-themes, made for
// server rendering, puts an inline <script> in the tree for that; React never runs scripts it renders.)

export type ColorMode = 'light' | 'dark';
export type ColorModeChoice = ColorMode | 'system';

const STORAGE_KEY = 'tarn:color-mode';
const DARK_QUERY = '(prefers-color-scheme: dark)';
const NO_TRANSITIONS = '*,*::before,*::after{transition:none!important}';

function storedChoice(): ColorModeChoice {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored === 'light' || stored === 'dark' || stored === 'system') return stored;
  } catch {
    // Storage can be unavailable (privacy settings); the system's preference then decides.
  }
  return 'system';
}

// The choice lives in local storage, which this tab and others write: every ColorModeProvider reads it as an external
// store, told of this tab's writes by `saveChoice` and of other tabs' by the `storage` event.
const choiceListeners = new Set<() => void>();
/** The choice made in this tab when storage refused to keep it: applied for this visit only. */
let unsavedChoice: ColorModeChoice | undefined;

const currentChoice = (): ColorModeChoice => unsavedChoice ?? storedChoice();

function subscribeToChoice(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) onChange();
  };
  choiceListeners.add(onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    choiceListeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

function saveChoice(next: ColorModeChoice) {
  try {
    localStorage.setItem(STORAGE_KEY, next);
    unsavedChoice = undefined;
  } catch {
    // Not kept across visits, but applied for this one.
    unsavedChoice = next;
  }
  for (const listener of choiceListeners) listener();
}

function subscribeToSystemMode(onChange: () => void): () => void {
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const systemMode = (): ColorMode => (window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light');

function applyMode(mode: ColorMode) {
  const root = document.documentElement;
  if (root.classList.contains(mode) && root.style.colorScheme === mode) return;
  // Without this, every element with a colour transition would animate to the new palette at once.
  const freeze = document.createElement('style');
  freeze.textContent = NO_TRANSITIONS;
  document.head.appendChild(freeze);
  root.classList.remove(mode === 'dark' ? 'light' : 'dark');
  root.classList.add(mode);
  root.style.colorScheme = mode;
  // Reading a computed style makes the browser apply the new palette now, while transitions are off.
  window.getComputedStyle(document.body).getPropertyValue('color');
  // The freeze goes with the next frame, not a timer: by then the new colours are the computed ones, so lifting it
  // starts no transition, and a frame is the DOM's own measure of "once this style change has been taken".
  requestAnimationFrame(() => freeze.remove());
}

interface ColorModeState {
  /** What the user chose ('system' follows the operating system). */
  choice: ColorModeChoice;
  /** The mode in effect. */
  mode: ColorMode;
  setChoice: (choice: ColorModeChoice) => void;
}

const ColorModeContext = createContext<ColorModeState | undefined>(undefined);

export interface ColorModeProviderProps {
  children: ReactNode;
  /** Fixes the mode whatever the user or the system prefer (tests, screenshots). */
  forcedMode?: ColorMode;
}

/** Keeps the user's choice in local storage, follows the system when there is none, and applies the mode. */
export function ColorModeProvider({ children, forcedMode }: ColorModeProviderProps) {
  const choice = useSyncExternalStore(subscribeToChoice, currentChoice, () => 'system' as const);
  const system = useSyncExternalStore(subscribeToSystemMode, systemMode, () => 'light' as const);
  const mode = forcedMode ?? (choice === 'system' ? system : choice);

  useLayoutEffect(() => applyMode(mode), [mode]);

  const value = useMemo(() => ({ choice, mode, setChoice: saveChoice }), [choice, mode]);
  return <ColorModeContext.Provider value={value}>{children}</ColorModeContext.Provider>;
}

export function useColorMode(): ColorModeState {
  const state = useContext(ColorModeContext);
  if (!state) throw new Error('useColorMode needs a ColorModeProvider');
  return state;
}
