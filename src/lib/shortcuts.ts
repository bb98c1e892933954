// Every keyboard shortcut of the console, in one list: the repository pages' handler matches keys against it, the
// "Keyboard shortcuts" dialog (`?`) shows it, and the README's section of the same name quotes it.

/** What a repository page does on a shortcut of its own. */
export type ShortcutCommand = 'find' | 'permalink' | 'help';

/** A key with its modifiers, as labelled on the keyboard: ['Ctrl', 'K'], ['⌘', 'K'], ['t']. */
export type Chord = readonly string[];

export interface Shortcut {
  /** Alternatives: any one of them does it. */
  chords: readonly Chord[];
  description: string;
  /** Set when the repository pages' handler runs it; the others are handled where they apply. */
  command?: ShortcutCommand;
}

export interface ShortcutGroup {
  title: string;
  shortcuts: readonly Shortcut[];
}

export const CTRL = 'Ctrl';
export const CMD = '⌘';

export const shortcutGroups: readonly ShortcutGroup[] = [
  {
    title: 'Repository pages',
    shortcuts: [
      { chords: [['t'], [CTRL, 'K'], [CMD, 'K']], description: 'Find a file in the current ref', command: 'find' },
      {
        chords: [['y']],
        description: 'Make the address a permalink: its ref becomes the commit the ref points at now',
        command: 'permalink',
      },
      { chords: [['?']], description: 'Show the keyboard shortcuts', command: 'help' },
    ],
  },
  {
    title: 'File finder',
    shortcuts: [
      { chords: [['Up'], ['Down']], description: 'Move between the matches' },
      { chords: [['Page Up'], ['Page Down']], description: 'Go to the first or the last match' },
      { chords: [['Enter']], description: 'Open the file' },
      { chords: [[CTRL, 'Enter'], [CMD, 'Enter']], description: 'Open the folder that holds the file' },
      { chords: [['Escape']], description: 'Close the finder' },
    ],
  },
  {
    title: 'Object listing',
    shortcuts: [
      { chords: [['Up'], ['Down']], description: 'Move between the rows' },
      { chords: [['Left'], ['Right']], description: 'Move between the cells of a row' },
      { chords: [['Home'], ['End'], [CTRL, 'Home'], [CTRL, 'End']], description: 'Go to the first or the last loaded row' },
      { chords: [['Page Up'], ['Page Down']], description: 'Move ten rows' },
      { chords: [['Enter']], description: 'Open the object or the folder' },
      { chords: [['Space']], description: 'Select the row' },
      { chords: [['Shift', 'Space']], description: 'Select the rows from the last one selected to this one' },
      { chords: [['F2']], description: "Move into the cell's buttons (Left and Right move between them)" },
      { chords: [['Escape']], description: 'Back from the buttons to the cell' },
    ],
  },
];

/** The parts of a keydown event a shortcut depends on. */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

function matches(chord: Chord, press: KeyPress): boolean {
  const key = chord.at(-1)!;
  const ctrl = chord.includes(CTRL);
  const meta = chord.includes(CMD);
  if (press.ctrlKey !== ctrl || press.metaKey !== meta || press.altKey) return false;
  // With a modifier, Shift does not change the letter's meaning (Ctrl+Shift+K types 'K'); without one, 't' is not 'T'.
  return ctrl || meta ? press.key.toLowerCase() === key.toLowerCase() : press.key === key;
}

/** The repository pages' command a key press asks for, if any. */
export function shortcutCommand(press: KeyPress): ShortcutCommand | undefined {
  for (const group of shortcutGroups) {
    for (const shortcut of group.shortcuts) {
      if (shortcut.command && shortcut.chords.some((chord) => matches(chord, press))) return shortcut.command;
    }
  }
  return undefined;
}

/** Input types in which a key press is not text being typed. */
const nonTextInputs = new Set(['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file', 'image']);

/**
 * Whether a key press on `target` belongs to what has focus rather than to the page: typing in a text field, a
 * text area, a select, an editable element (the SQL editor is one), or anything inside a dialog.
 */
export function isOwnedByFocus(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLInputElement) return !nonTextInputs.has(target.type);
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target.closest('[contenteditable]:not([contenteditable="false"]), .cm-editor, [role="dialog"], [role="alertdialog"]') !== null;
}
