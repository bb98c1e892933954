import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shortcutCommand, shortcutGroups, type KeyPress } from '../../src/lib/shortcuts';

const press = (key: string, modifiers: Partial<Omit<KeyPress, 'key'>> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...modifiers,
});

describe('keyboard shortcuts', () => {
  it('finds the repository pages’ command of a key press', () => {
    expect(shortcutCommand(press('t'))).toBe('find');
    expect(shortcutCommand(press('k', { ctrlKey: true }))).toBe('find');
    expect(shortcutCommand(press('K', { metaKey: true }))).toBe('find');
    expect(shortcutCommand(press('y'))).toBe('permalink');
    expect(shortcutCommand(press('?'))).toBe('help');
  });

  it('ignores other keys and modifiers', () => {
    expect(shortcutCommand(press('T'))).toBeUndefined();
    expect(shortcutCommand(press('t', { ctrlKey: true }))).toBeUndefined();
    expect(shortcutCommand(press('k'))).toBeUndefined();
    expect(shortcutCommand(press('k', { ctrlKey: true, altKey: true }))).toBeUndefined();
    expect(shortcutCommand(press('y', { metaKey: true }))).toBeUndefined();
    expect(shortcutCommand(press('Enter'))).toBeUndefined();
  });

  it('is quoted in the README’s Keyboard shortcuts section', () => {
    const readme = readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Keyboard shortcuts'), readme.indexOf('\n## ', readme.indexOf('## Keyboard shortcuts') + 1));
    for (const group of shortcutGroups) {
      expect(section).toContain(`| ${group.title} | |`);
      for (const shortcut of group.shortcuts) {
        const keys = shortcut.chords.map((chord) => chord.map((key) => `<kbd>${key}</kbd>`).join('+')).join(' or ');
        expect(section).toContain(`| ${keys} | ${shortcut.description} |`);
      }
    }
  });
});
