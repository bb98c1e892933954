// The rows of a list that its scrolling viewport shows, for lists whose rows all have one height (DataTable's). With
// one height the window is arithmetic on the scroll offset, so this replaces a general virtualizer, whose measuring
// of rows of any size (and its 10 KB of gzip on every listing's first paint) such a list never needs.
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

/** Rows `start` to `end - 1` are drawn: those in view and the overscan. */
export interface RowWindowRange {
  start: number;
  end: number;
}

export interface RowWindowOptions {
  count: number;
  /** Every row's height in px. */
  rowHeight: number;
  viewport: HTMLElement | null;
  /** Rows drawn beyond each edge of the view. */
  overscan: number;
}

export interface RowWindow extends RowWindowRange {
  /** The height of all rows: the window's rows plus the space above and below them. */
  totalHeight: number;
  /** Scrolls the least that brings the row into view (none when it is in view). */
  scrollToRow: (row: number) => void;
}

interface View {
  top: number;
  height: number;
}

/**
 * The rows in view and the overscan; no overscan when the view moved further than it holds rows since the last
 * window (a scrollbar drag, a fling): the next frame shows other rows then, so rows past the edges would never be
 * seen, and at that speed every frame draws a window of new rows. The overscan is back with the first slower move.
 */
export function windowOf(view: View, count: number, rowHeight: number, overscan: number, previousFirst: number | undefined): RowWindowRange {
  if (count === 0 || view.height <= 0) return { start: 0, end: 0 };
  const first = Math.min(count - 1, Math.max(0, Math.floor(view.top / rowHeight)));
  const last = Math.min(count - 1, Math.max(first, Math.ceil((view.top + view.height) / rowHeight) - 1));
  const shown = last - first + 1;
  const margin = previousFirst !== undefined && Math.abs(first - previousFirst) > shown ? 0 : overscan;
  return { start: Math.max(0, first - margin), end: Math.min(count, last + margin + 1) };
}

const viewOf = (viewport: HTMLElement): View => ({ top: viewport.scrollTop, height: viewport.clientHeight });

export function useRowWindow({ count, rowHeight, viewport, overscan }: RowWindowOptions): RowWindow {
  const [view, setView] = useState<View>({ top: 0, height: 0 });
  // The first row in view when the window was last drawn, for the jump rule of windowOf.
  const drawnFirst = useRef<number | undefined>(undefined);
  const range = windowOf(view, count, rowHeight, overscan, drawnFirst.current);
  useLayoutEffect(() => {
    drawnFirst.current = Math.floor(view.top / rowHeight);
  });

  useLayoutEffect(() => {
    if (!viewport) return;
    // A scroll draws its window in the same frame (flushSync), as the browser paints the moved rows: left to React's
    // scheduling, a fast scroll would show the empty space beside the window first.
    const follow = (sync: boolean) => {
      const next = viewOf(viewport);
      const update = () => setView((current) => (current.top === next.top && current.height === next.height ? current : next));
      if (sync) flushSync(update);
      else update();
    };
    follow(false);
    const onScroll = () => follow(true);
    viewport.addEventListener('scroll', onScroll, { passive: true });
    const resizes = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => follow(false));
    resizes?.observe(viewport);
    return () => {
      viewport.removeEventListener('scroll', onScroll);
      resizes?.disconnect();
    };
  }, [viewport]);

  const scrollToRow = useCallback(
    (row: number) => {
      if (!viewport) return;
      const { top, height } = viewOf(viewport);
      const rowTop = row * rowHeight;
      const rowBottom = rowTop + rowHeight;
      if (rowBottom > top + height) viewport.scrollTo({ top: Math.max(0, rowBottom - height) });
      else if (rowTop < top) viewport.scrollTo({ top: rowTop });
    },
    [viewport, rowHeight],
  );

  return { ...range, totalHeight: count * rowHeight, scrollToRow };
}
