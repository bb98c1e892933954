// The DataTable's body rows and the content of list cells are plain elements with these class names, styled by one
// stylesheet. A Chakra component resolves its style props at run time for every element it renders, which costs more
// than a scroll frame has when a fling mounts a window of fresh rows every frame; a class name costs nothing.
//
// The stylesheet is plain CSS over Chakra's CSS variables (prefix `chakra`, as src/ui/theme/system.ts sets), so the
// light and dark themes both apply. It is not the theme's globalCss: Chakra puts that in a cascade layer, which the
// UI tests' DOM does not apply, and the row-height arithmetic is checked there.
import { cellIconClass, cellIconStyles } from './cellIcons';

export const tableClass = {
  /** The scrolling viewport around the table, and with it for a keyboard grid. */
  viewport: 'tarn-table-viewport',
  gridViewport: 'tarn-table-grid-viewport',
  table: 'tarn-table',
  /** The sticky header and its cells. */
  head: 'tarn-table-head',
  headerCell: 'tarn-table-header-cell',
  row: 'tarn-table-row',
  cell: 'tarn-table-cell',
  /** Cell alignment, from the column's `meta.align`. */
  alignEnd: 'tarn-table-cell-end',
  alignCenter: 'tarn-table-cell-center',
  /** An icon and a truncated text (or link) side by side. */
  line: 'tarn-cell-line',
  /** A link as Chakra's Link looks, truncated to the cell. */
  link: 'tarn-cell-link',
  /** Icon buttons at the end of a row. */
  actions: 'tarn-cell-actions',
  /** A small ghost icon button, as Chakra's `IconButton size="xs" variant="ghost"` looks. */
  iconButton: 'tarn-cell-icon-button',
  /** With iconButton: the red palette, for destructive actions. */
  danger: 'tarn-cell-danger',
  /** A native checkbox (a row's selection, and the header's). */
  checkbox: 'tarn-cell-checkbox',
} as const;

/** Set on the table element: the body row height. */
export const rowHeightVar = '--tarn-table-row-height';

/** React 19 inserts a `<style>` with this href once into the document head, however many tables render it. */
export const tableStylesHref = 'tarn-data-table';

const c = tableClass;

export const tableStyles = `
.${c.viewport} { overflow-y: auto; border-width: 1px; border-radius: var(--chakra-radii-md); }
.${c.gridViewport} { scroll-padding-top: var(--chakra-spacing-10); }
/* As Chakra's Table.Root size="sm" (variant "line") with a fixed layout. */
.${c.table} {
  width: 100%;
  table-layout: fixed;
  border-collapse: collapse;
  font-variant-numeric: lining-nums tabular-nums;
  text-align: start;
  vertical-align: top;
  font-size: var(--chakra-font-sizes-sm);
  line-height: 1.25rem;
}
.${c.head} { position: sticky; top: 0; z-index: 1; background: var(--chakra-colors-bg); }
.${c.headerCell} {
  padding: var(--chakra-spacing-2);
  font-weight: var(--chakra-font-weights-medium);
  text-align: start;
  color: var(--chakra-colors-fg);
  border-bottom-width: 1px;
}
.${c.row} { background: var(--chakra-colors-bg); }
@media (hover: hover) {
  .${c.row}:hover { background: var(--chakra-colors-color-palette-subtle); }
}
.${c.cell} {
  height: var(${rowHeightVar});
  padding-top: 0;
  padding-bottom: 0;
  padding-inline: var(--chakra-spacing-2);
  text-align: start;
  vertical-align: middle;
  border-bottom-width: 1px;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
}
.${c.alignEnd} { text-align: end; }
.${c.cell}:focus-visible {
  outline: 2px solid var(--chakra-colors-color-palette-focus-ring);
  outline-offset: -2px;
}
.${c.row}:focus-within { background: var(--chakra-colors-color-palette-subtle); }
.${c.checkbox} {
  /* Drawn here rather than by the browser: Chromium's own unchecked box is a grey tile in the dark theme, which reads
     as disabled. An outline that contrasts with the page, and the palette's colour with a tick once checked. */
  appearance: none;
  display: inline-grid;
  place-content: center;
  width: var(--chakra-sizes-4);
  height: var(--chakra-sizes-4);
  margin: 0;
  vertical-align: middle;
  border: 1.5px solid var(--chakra-colors-fg-muted);
  border-radius: var(--chakra-radii-sm);
  background: var(--chakra-colors-bg);
  cursor: pointer;
}
.${c.checkbox}:checked, .${c.checkbox}:indeterminate {
  border-color: var(--chakra-colors-color-palette-solid);
  background: var(--chakra-colors-color-palette-solid);
}
/* Mixed (the header's, when some rows are selected): a bar instead of the tick. */
.${c.checkbox}:indeterminate::after {
  content: '';
  width: 0.5em;
  border-top: 2px solid var(--chakra-colors-color-palette-contrast);
}
.${c.checkbox}:checked::after {
  content: '';
  width: 0.55em;
  height: 0.3em;
  border: 2px solid var(--chakra-colors-color-palette-contrast);
  border-top: 0;
  border-right: 0;
  transform: translateY(-1px) rotate(-45deg);
}
.${c.checkbox}:focus-visible { outline: 2px solid var(--chakra-colors-color-palette-focus-ring); outline-offset: 1px; }
.${c.checkbox}:disabled { cursor: not-allowed; opacity: 0.5; }
.${c.alignCenter} { text-align: center; }
.${c.line} { display: flex; align-items: center; gap: var(--chakra-spacing-2); min-width: 0; }
.${c.link} {
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  color: var(--chakra-colors-color-palette-fg);
  border-radius: var(--chakra-radii-l1);
  cursor: pointer;
}
@media (hover: hover) {
  .${c.link}:hover {
    text-decoration: underline;
    text-underline-offset: 3px;
    text-decoration-color: color-mix(in srgb, currentColor 20%, transparent);
  }
}
.${c.actions} { display: flex; justify-content: flex-end; align-items: center; }
.${c.iconButton} {
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex-shrink: 0;
  height: var(--chakra-sizes-8);
  min-width: var(--chakra-sizes-8);
  padding: 0;
  border: 1px solid transparent;
  border-radius: var(--chakra-radii-l2);
  background: transparent;
  color: var(--chakra-colors-color-palette-fg);
  cursor: pointer;
  transition-property: background-color, border-color, color, fill, stroke, opacity, box-shadow, translate, transform;
  transition-duration: var(--chakra-durations-moderate);
}
.${c.iconButton} > .${cellIconClass} { width: var(--chakra-sizes-4); height: var(--chakra-sizes-4); }
.${c.iconButton}:disabled { cursor: not-allowed; opacity: 0.5; }
@media (hover: hover) {
  .${c.iconButton}:hover:not(:disabled) { background: var(--chakra-colors-color-palette-subtle); }
}
.${c.danger} {
  --chakra-colors-color-palette-fg: var(--chakra-colors-red-fg);
  --chakra-colors-color-palette-subtle: var(--chakra-colors-red-subtle);
  --chakra-colors-color-palette-focus-ring: var(--chakra-colors-red-focus-ring);
}
${cellIconStyles}
`;
