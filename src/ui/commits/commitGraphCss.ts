// The commit graph's rows are plain elements styled by class names, as the DataTable's are (dataTableCss.ts): a fast
// scroll mounts a whole window of fresh rows every frame, and resolving Chakra style props for each overruns it.

export const graphClass = {
  viewport: 'tarn-graph-viewport',
  row: 'tarn-graph-row',
  graph: 'tarn-graph-lanes',
  labels: 'tarn-graph-labels',
  branch: 'tarn-graph-branch',
  tag: 'tarn-graph-tag',
  message: 'tarn-graph-message',
  muted: 'tarn-graph-muted',
  id: 'tarn-graph-id',
  hidden: 'tarn-graph-hidden',
} as const;

/** Every row is exactly this tall (px): the virtualizer's arithmetic and each row's drawing rely on it. */
export const GRAPH_ROW_HEIGHT = 32;
/** The distance between two lanes (px). */
export const LANE_WIDTH = 14;

/** Lane colours, by lane number modulo their count; Chakra's palette variables, so both themes apply. */
export const laneColors = ['blue', 'orange', 'green', 'purple', 'pink', 'teal', 'red', 'cyan', 'yellow'].map(
  (name) => `var(--chakra-colors-${name}-500)`,
);

export const graphStylesHref = 'tarn-commit-graph';

const c = graphClass;

export const graphStyles = `
.${c.viewport} { position: relative; overflow-y: auto; border: 1px solid var(--chakra-colors-border); border-radius: var(--chakra-radii-md); }
.${c.row} {
  display: flex;
  align-items: center;
  gap: var(--chakra-spacing-3);
  height: ${GRAPH_ROW_HEIGHT}px;
  padding-inline-end: var(--chakra-spacing-3);
  color: inherit;
  text-decoration: none;
  white-space: nowrap;
  overflow: hidden;
  background: var(--chakra-colors-bg);
  outline: none;
}
.${c.row}:focus-visible { box-shadow: inset 0 0 0 2px var(--chakra-colors-color-palette-focus-ring, var(--chakra-colors-blue-500)); }
@media (hover: hover) {
  .${c.row}:hover { background: var(--chakra-colors-bg-muted); }
}
.${c.graph} { flex-shrink: 0; overflow: hidden; }
.${c.labels} { display: flex; gap: var(--chakra-spacing-1); flex-shrink: 0; max-width: 40%; overflow: hidden; }
.${c.branch}, .${c.tag} {
  font-size: var(--chakra-font-sizes-xs);
  line-height: 1.4;
  padding-inline: var(--chakra-spacing-1\\.5);
  border-radius: var(--chakra-radii-l1);
  white-space: nowrap;
}
.${c.branch} { background: var(--chakra-colors-blue-subtle); color: var(--chakra-colors-blue-fg); }
.${c.tag} { background: var(--chakra-colors-orange-subtle); color: var(--chakra-colors-orange-fg); }
.${c.message} { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; font-weight: 500; }
.${c.muted} { color: var(--chakra-colors-fg-muted); font-size: var(--chakra-font-sizes-sm); flex-shrink: 0; }
.${c.id} { font-family: var(--chakra-fonts-mono); font-size: var(--chakra-font-sizes-sm); flex-shrink: 0; }
.${c.hidden} {
  position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden;
  clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0;
}
`;
