// Icons for table cells as one element each: a span painted in the text colour through a CSS mask of the icon. An
// inline SVG icon is an <svg> with two to five shapes that React creates one by one, and a fling mounts a window of
// fresh rows every frame; in the Objects listing the icons were about 40% of a frame's work.
//
// The shapes are Lucide's (ISC licence), as react-icons/lu draws them elsewhere in the console.

const lucide = (shapes: string) =>
  `url("data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="black" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${shapes}</svg>`,
  )}")`;

const icons = {
  file: lucide('<path d="M15 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V7Z"/><path d="M14 2v4a2 2 0 0 0 2 2h4"/>'),
  folder: lucide(
    '<path d="M20 20a2 2 0 0 0 2-2V8a2 2 0 0 0-2-2h-7.9a2 2 0 0 1-1.69-.9L9.6 3.9A2 2 0 0 0 7.93 3H4a2 2 0 0 0-2 2v13a2 2 0 0 0 2 2Z"/>',
  ),
  download: lucide(
    '<path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4"/><polyline points="7 10 12 15 17 10"/><line x1="12" x2="12" y1="15" y2="3"/>',
  ),
  history: lucide('<path d="M3 12a9 9 0 1 0 9-9 9.75 9.75 0 0 0-6.74 2.74L3 8"/><path d="M3 3v5h5"/><path d="M12 7v5l4 2"/>'),
  commits: lucide('<path d="M12 3v6"/><circle cx="12" cy="12" r="3"/><path d="M12 15v6"/>'),
  trash: lucide(
    '<path d="M3 6h18"/><path d="M19 6v14c0 1-1 2-2 2H7c-1 0-2-1-2-2V6"/><path d="M8 6V4c0-1 1-2 2-2h4c1 0 2 1 2 2v2"/><line x1="10" x2="10" y1="11" y2="17"/><line x1="14" x2="14" y1="11" y2="17"/>',
  ),
} as const;

export type CellIconName = keyof typeof icons;

export const cellIconClass = 'tarn-cell-icon';

/** The rules of the icons, part of the table stylesheet. */
export const cellIconStyles = [
  // 1em square like react-icons' SVGs; an icon button sets its own size.
  `.${cellIconClass} {
  display: inline-block;
  flex-shrink: 0;
  width: 1em;
  height: 1em;
  background-color: currentColor;
  mask: var(--tarn-cell-icon) center / contain no-repeat;
}`,
  ...Object.entries(icons).map(([name, url]) => `.${cellIconClass}-${name} { --tarn-cell-icon: ${url}; }`),
].join('\n');

const classNames = Object.fromEntries(
  Object.keys(icons).map((name) => [name, `${cellIconClass} ${cellIconClass}-${name}`]),
) as Record<CellIconName, string>;

/** An icon; with a label it is an image of that name, without one it is hidden from assistive technology. */
export function CellIcon({ name, label }: { name: CellIconName; label?: string }) {
  return label ? (
    <span className={classNames[name]} role="img" aria-label={label} />
  ) : (
    <span className={classNames[name]} aria-hidden="true" />
  );
}
