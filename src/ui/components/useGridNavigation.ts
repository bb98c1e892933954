// The WAI-ARIA grid pattern for a list table (https://www.w3.org/WAI/ARIA/apg/patterns/grid/): the table is one tab
// stop, a roving tabindex keeps exactly one cell focusable, and keys move the focus: Up/Down between rows, Left/Right
// between cells, Home/End (and Ctrl+Home/End) to the first/last loaded row, PageUp/PageDown by ten rows. Enter opens
// the row (clicks its element marked data-grid-open), Space toggles its selection (clicks the one marked
// data-grid-select, Shift passed on for a range). The controls inside a cell stay out of the tab order: F2 moves the
// focus into the cell's controls, Left/Right moves between them, Escape goes back to the cell.
//
// Rows may be virtualised: moving to a row that is not in the DOM scrolls it in first, and the focus follows once it
// is rendered (the body calls `focusPending` after each render). Rows keep their DOM node while pages are appended,
// so the focused cell keeps the focus when more rows load. When the focused row leaves the window (a wheel scroll, a
// resize), the browser would drop the focus to the page and the keys would stop working: the grid element holds it
// instead (the body calls `release` when it gives the focused row's element to another row), keys move from the
// active cell as before, and the focus goes back to the cell when its row returns.
import { useCallback, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';

export interface GridPosition {
  row: number;
  col: number;
}

/** The attributes the grid finds its rows, cells and each row's actions by. */
export const gridAttr = {
  row: 'data-grid-row',
  col: 'data-grid-col',
  open: 'data-grid-open',
  select: 'data-grid-select',
} as const;

const PAGE_ROWS = 10;

/** Where a key moves the focus from `at` in a grid of `rows` by `cols`; undefined for keys that do not move it. */
export function moveInGrid(key: string, at: GridPosition, rows: number, cols: number): GridPosition | undefined {
  const row = (r: number) => ({ ...at, row: Math.max(0, Math.min(rows - 1, r)) });
  const col = (c: number) => ({ ...at, col: Math.max(0, Math.min(cols - 1, c)) });
  switch (key) {
    case 'ArrowUp':
      return row(at.row - 1);
    case 'ArrowDown':
      return row(at.row + 1);
    case 'ArrowLeft':
      return col(at.col - 1);
    case 'ArrowRight':
      return col(at.col + 1);
    case 'PageUp':
      return row(at.row - PAGE_ROWS);
    case 'PageDown':
      return row(at.row + PAGE_ROWS);
    // With or without Ctrl: a list's rows are what Home and End reach (its cells have Left/Right).
    case 'Home':
      return row(0);
    case 'End':
      return row(rows - 1);
    default:
      return undefined;
  }
}

const focusableInCell = 'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled)';

function cellAt(grid: HTMLElement | null, { row, col }: GridPosition): HTMLElement | null {
  return grid?.querySelector<HTMLElement>(`[${gridAttr.row}="${row}"] > [${gridAttr.col}="${col}"]`) ?? null;
}

function positionOf(cell: HTMLElement): GridPosition | undefined {
  const row = Number(cell.parentElement?.getAttribute(gridAttr.row));
  const col = Number(cell.getAttribute(gridAttr.col));
  return Number.isInteger(row) && Number.isInteger(col) ? { row, col } : undefined;
}

export interface GridNavigationOptions {
  rowCount: number;
  colCount: number;
  /** Brings a row that is not rendered into the virtualised window. */
  scrollToRow: (row: number) => void;
}

export interface GridNavigation {
  /** The cell in the tab order (clamped to the rows there are). */
  active: GridPosition;
  /** For the grid element. */
  ref: (element: HTMLElement | null) => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  onFocus: (event: FocusEvent<HTMLElement>) => void;
  /** Focuses the active cell if a key moved it and its row is now rendered. */
  focusPending: () => void;
  /**
   * The focused row's element now shows another row (a virtualised body reuses the element of a row that left the
   * window): the grid element holds the focus until the active row is back, as when a focused row's element is removed.
   */
  release: () => void;
}

/**
 * Why the focus is owed to the active cell once its row is rendered: a key moved it there (the cell scrolls clear of
 * the sticky header as it takes the focus), or its row left the window while focused (the focus comes back without
 * scrolling, so a wheel scroll in progress is not pulled back to an overscan row).
 */
type PendingFocus = 'moved' | 'restored' | undefined;

export function useGridNavigation({ rowCount, colCount, scrollToRow }: GridNavigationOptions): GridNavigation {
  const [position, setPosition] = useState<GridPosition>({ row: 0, col: 0 });
  const [grid, setGrid] = useState<HTMLElement | null>(null);
  // The same element for `release`, which must stay one function for the memoised rows that call it.
  const gridElement = useRef<HTMLElement | null>(null);
  const pending = useRef<PendingFocus>(undefined);
  const active = { row: Math.max(0, Math.min(position.row, rowCount - 1)), col: Math.max(0, Math.min(position.col, colCount - 1)) };
  const { row, col } = active;

  const focusPending = useCallback(() => {
    if (!pending.current) return;
    const cell = cellAt(grid, { row, col });
    if (cell) {
      cell.focus({ preventScroll: pending.current === 'restored' });
      pending.current = undefined;
    }
  }, [grid, row, col]);

  // A native listener: the focus leaves a removed row while React commits, and the element is gone by the microtask.
  const ref = useCallback((element: HTMLElement | null) => {
    if (!element) return;
    setGrid(element);
    gridElement.current = element;
    element.tabIndex = -1;
    const onFocusOut = (event: globalThis.FocusEvent) => {
      const left = event.target as HTMLElement;
      const next = event.relatedTarget as Node | null;
      if (next !== null && element.contains(next)) return;
      if (next !== null || left === element) {
        // The user took the focus out of the grid: no row gets it back.
        pending.current = undefined;
        return;
      }
      queueMicrotask(() => {
        const dropped = document.activeElement === null || document.activeElement === document.body;
        if (left.isConnected || !dropped) return;
        pending.current ??= 'restored';
        element.focus({ preventScroll: true });
      });
    };
    element.addEventListener('focusout', onFocusOut);
    return () => {
      element.removeEventListener('focusout', onFocusOut);
      setGrid(null);
      gridElement.current = null;
    };
  }, []);

  const release = useCallback(() => {
    const element = gridElement.current;
    if (!element) return;
    pending.current ??= 'restored';
    element.focus({ preventScroll: true });
  }, []);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      const target = event.target as HTMLElement;
      if (event.altKey || event.metaKey) return;
      // The grid element holds the focus while the focused row is out of the window: keys act on the active cell.
      const parked = target === grid;
      const cell = parked ? cellAt(grid, { row, col }) : target.closest<HTMLElement>(`[${gridAttr.col}]`);
      const at = parked ? { row, col } : cell && positionOf(cell);
      if (!at) return;
      if (cell && !parked && target !== cell) {
        // The focus is on a control inside the cell (after F2, or a click): the control has the keys it needs.
        const controls = [...cell.querySelectorAll<HTMLElement>(focusableInCell)];
        const index = controls.indexOf(target);
        if (event.key === 'Escape') {
          event.preventDefault();
          cell.focus();
        } else if ((event.key === 'ArrowLeft' || event.key === 'ArrowRight') && index !== -1) {
          event.preventDefault();
          controls[Math.max(0, Math.min(controls.length - 1, index + (event.key === 'ArrowLeft' ? -1 : 1)))]?.focus();
        }
        return;
      }
      const acts = event.key === 'Enter' || event.key === ' ' || event.key === 'F2';
      if (acts && !cell) {
        // The active row is out of the window: the key brings it back, and the next press acts on it.
        event.preventDefault();
        pending.current = 'moved';
        scrollToRow(at.row);
        return;
      }
      const rowElement = cell?.parentElement;
      if (event.key === 'Enter') {
        const open = rowElement?.querySelector<HTMLElement>(`[${gridAttr.open}]`);
        if (open) {
          event.preventDefault();
          open.click();
        }
        return;
      }
      if (event.key === ' ') {
        event.preventDefault();
        rowElement
          ?.querySelector<HTMLElement>(`[${gridAttr.select}]`)
          ?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, shiftKey: event.shiftKey }));
        return;
      }
      if (event.key === 'F2') {
        const first = cell?.querySelector<HTMLElement>(focusableInCell);
        if (first) {
          event.preventDefault();
          first.focus();
        }
        return;
      }
      const next = moveInGrid(event.key, at, rowCount, colCount);
      if (!next) return;
      event.preventDefault();
      pending.current = 'moved';
      setPosition(next);
      const nextCell = cellAt(grid, next);
      if (nextCell) nextCell.focus();
      else scrollToRow(next.row);
    },
    [grid, row, col, rowCount, colCount, scrollToRow],
  );

  // A click (or a tab into the grid) makes the cell it lands in the active one.
  const onFocus = useCallback((event: FocusEvent<HTMLElement>) => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>(`[${gridAttr.col}]`);
    const at = cell && positionOf(cell);
    if (at) setPosition((current) => (current.row === at.row && current.col === at.col ? current : at));
  }, []);

  return { active, ref, onKeyDown, onFocus, focusPending, release };
}
