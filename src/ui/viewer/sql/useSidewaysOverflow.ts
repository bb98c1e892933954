// A result wider than its box scrolls sideways, which a mouse without a horizontal wheel, or a trackpad's hidden
// scrollbar, does not show (docs/behaviour.md, Object viewer): the grid counts the columns past the right edge of the
// scrolling box, so it can say how many there are until the user has scrolled to the end.
import { useCallback, useLayoutEffect, useState } from 'react';

/** Set on each result column's header content, so its header cell can be found. */
export const resultColumnAttr = 'data-result-column';

/** How many of the columns, by their right edges, reach past `edge` (a pixel of rounding is forgiven). */
export function columnsPast(edge: number, rightEdges: readonly number[]): number {
  return rightEdges.filter((right) => right > edge + 1).length;
}

export interface SidewaysOverflow {
  /** Columns wholly or partly beyond the right edge of the scrolling box. */
  past: number;
  /** The result is wider than its box (columns lie past its edge, or it has been scrolled). */
  wide: boolean;
  /** The width of the box's vertical scrollbar, which the edge's fade stays clear of. */
  scrollbar: number;
  /** Scrolls most of a box's width further right. */
  scrollRight: () => void;
}

type Measured = Pick<SidewaysOverflow, 'past' | 'wide' | 'scrollbar'>;

function measure(viewport: HTMLElement): Measured {
  const box = viewport.getBoundingClientRect();
  // What the box's width holds besides its content: its two borders, and the scrollbar.
  const scrollbar = Math.max(0, viewport.offsetWidth - viewport.clientWidth - 2 * viewport.clientLeft);
  const edge = box.left + viewport.clientLeft + viewport.clientWidth;
  const headers = viewport.querySelectorAll<HTMLElement>(`[${resultColumnAttr}]`);
  const rights = [...headers].map((header) => (header.closest('th') ?? header).getBoundingClientRect().right);
  const past = columnsPast(edge, rights);
  return { past, wide: past > 0 || viewport.scrollLeft > 0, scrollbar };
}

/** Watches the scrolling box inside `container` (the DataTable's `data-scroll-viewport`) as it scrolls and resizes. */
export function useSidewaysOverflow(container: HTMLElement | null, columnCount: number): SidewaysOverflow {
  const [state, setState] = useState<Measured>({ past: 0, wide: false, scrollbar: 0 });
  const viewport = container?.querySelector<HTMLElement>('[data-scroll-viewport]') ?? null;

  useLayoutEffect(() => {
    if (!viewport) return;
    const update = () => {
      const next = measure(viewport);
      setState((current) =>
        current.past === next.past && current.wide === next.wide && current.scrollbar === next.scrollbar ? current : next,
      );
    };
    update();
    viewport.addEventListener('scroll', update, { passive: true });
    const resizes = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    resizes?.observe(viewport);
    const table = viewport.querySelector('table');
    if (table) resizes?.observe(table);
    return () => {
      viewport.removeEventListener('scroll', update);
      resizes?.disconnect();
    };
  }, [viewport, columnCount]);

  const scrollRight = useCallback(() => {
    viewport?.scrollBy({ left: viewport.clientWidth * 0.8, behavior: 'smooth' });
  }, [viewport]);

  return { ...state, scrollRight };
}
