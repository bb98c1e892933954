// Which tabs of a tab bar fit on one line (docs/behaviour.md, Conventions): those that do not go into the More
// menu at the end of the row. The tabs are measured in a hidden copy of the row that holds them all, so a tab in the
// menu is still measured, and the row is measured again whenever its width changes (a window made narrower, a
// font that arrived).
import { useLayoutEffect, useState, type RefObject } from 'react';

/** The right edge of each face in the hidden row, from the row's left edge; the last face is the More button's. */
export interface RowMeasure {
  rights: number[];
  /** The More button's width. */
  more: number;
  /** The space between two faces. */
  gap: number;
}

/**
 * How many tabs, from the first, fit in `available` pixels: all when they fit side by side; else as many as fit
 * beside the More button. Without a width (no layout yet), all.
 */
export function fittingTabs(available: number, { rights, more, gap }: RowMeasure): number {
  const all = rights.length;
  const last = rights.at(-1) ?? 0;
  if (available <= 0 || last <= available) return all;
  const fit = rights.findIndex((right) => right + gap + more > available);
  return fit < 0 ? all : fit;
}

function measure(row: HTMLElement): RowMeasure {
  const faces = [...row.children] as HTMLElement[];
  const moreFace = faces.pop();
  const left = row.getBoundingClientRect().left;
  const rights = faces.map((face) => face.getBoundingClientRect().right - left);
  const first = faces[0]?.getBoundingClientRect();
  const second = faces[1]?.getBoundingClientRect();
  return {
    rights,
    more: moreFace?.getBoundingClientRect().width ?? 0,
    gap: first && second ? Math.max(0, second.left - first.right) : 0,
  };
}

/** The number of tabs shown in the row; the rest go into the menu. */
export function useFittingTabs(container: RefObject<HTMLElement | null>, hiddenRow: RefObject<HTMLElement | null>, count: number): number {
  const [fitting, setFitting] = useState(count);
  useLayoutEffect(() => {
    const box = container.current;
    const row = hiddenRow.current;
    if (!box || !row) return;
    const update = () => setFitting(fittingTabs(box.clientWidth, measure(row)));
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const resizes = new ResizeObserver(update);
    resizes.observe(box);
    resizes.observe(row);
    return () => resizes.disconnect();
  }, [container, hiddenRow, count]);
  return fitting;
}
