// The viewer's limits (docs/behaviour.md, Object viewer), shared by the route loaders that read an object or a README
// and the views that show it. Every other rule's constant lives beside the flow or module that applies it; page
// sizes are in lib/page-sizes.

/** Objects larger than this are not read into the viewer; the page offers the download instead. */
export const VIEWER_SIZE_CAP_BYTES = 20_971_520;
/** Previewed under the objects listing of its folder. */
export const README_FILE_NAME = 'README.md';
/** A query's result shows at most this many rows. */
export const SQL_MAX_ROWS_SHOWN = 1000;
