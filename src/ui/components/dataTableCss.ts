// The DataTable's body rows are plain elements with these class names, styled by one stylesheet. A Chakra component
// resolves its style props at run time for every element it renders, which costs more than a scroll frame has when a
// fling mounts a window of fresh rows every frame; a class name costs nothing.
//
// The stylesheet is plain CSS over Chakra's CSS variables (prefix `chakra`, as src/ui/theme/system.ts sets), so the
// light and dark themes both apply. It is not the theme's globalCss: Chakra puts that in a cascade layer, which the
// UI tests' DOM does not apply, and the row-height arithmetic is checked there.

export const tableClass = {
  row: 'tarn-table-row',
  cell: 'tarn-table-cell',
  /** Cell alignment, from the column's `meta.align`. */
  alignEnd: 'tarn-table-cell-end',
  alignCenter: 'tarn-table-cell-center',
} as const;

/** Set on the table element: the body row height. */
export const rowHeightVar = '--tarn-table-row-height';

/** React 19 inserts a `<style>` with this href once into the document head, however many tables render it. */
export const tableStylesHref = 'tarn-data-table';

const c = tableClass;

export const tableStyles = `
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
.${c.alignCenter} { text-align: center; }
`;
