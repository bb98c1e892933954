import { useEffect, useRef } from 'react';
import { isOwnedByFocus, shortcutCommand, type ShortcutCommand } from '../../lib/shortcuts';

export type ShortcutHandlers = Record<ShortcutCommand, () => void>;

/**
 * The repository pages' keyboard shortcuts (lib/shortcuts): one listener on the document for the whole layout. A key
 * typed into a field, an editor or a dialog is left to it.
 */
export function useRepositoryShortcuts(handlers: ShortcutHandlers): void {
  // The listener stays for the layout's life; the handlers it calls are the latest render's.
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || event.isComposing || isOwnedByFocus(event.target)) return;
      const command = shortcutCommand(event);
      if (!command) return;
      // Ctrl+K would otherwise focus the browser's address bar search.
      event.preventDefault();
      latest.current[command]();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
