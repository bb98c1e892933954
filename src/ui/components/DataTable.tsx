import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Box, Button, HStack } from '@chakra-ui/react';
import { constructRow, FlexRender, useTable, type RowData, type Table as TanStackTable } from '@tanstack/react-table';
import { rowHeightVar, tableClass, tableStyles, tableStylesHref } from './dataTableCss';
import { listFeatures, type ListColumn, type ListColumnMeta, type ListFeatures } from './listTable';
import { Loading } from './Loading';
import { gridAttr, useGridNavigation, type GridNavigation } from './useGridNavigation';
import { useRowWindow } from './useRowWindow';

export interface DataTableProps<T extends RowData> {
  /** Accessible name of the table. */
  label: string;
  /** Stable (module-level or memoised) column definitions. */
  columns: ListColumn<T>[];
  rows: readonly T[];
  getRowId: (row: T) => string;
  /** The server has rows after the last loaded one. */
  hasMore?: boolean;
  loadingMore?: boolean;
  /** Fetches the next page by cursor; called when the user scrolls near the end or presses "Load more". */
  onLoadMore?: () => void;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
  /** Height of the scrolling viewport. */
  maxHeight?: string;
  /**
   * Every body row is exactly this tall (px), borders included: cells lose their vertical padding, centre their
   * content and truncate it to one line, so the row window's arithmetic (which assumes this height for every row)
   * is exact. Cell content must fit in it (the default fits an extra-small icon button, 32 px).
   */
  rowHeight?: number;
  /**
   * The table is a WAI-ARIA grid navigated by keyboard (see useGridNavigation). Its cells should then keep their
   * controls out of the tab order (tabIndex -1), and mark the row's link that Enter follows with data-grid-open and
   * its selection checkbox with data-grid-select.
   */
  grid?: boolean;
  /**
   * For a table whose loaded rows the view sorts itself: each sortable column's state by column id, which its header
   * cell states as aria-sort (its header content holds the control that changes it).
   */
  sortState?: Readonly<Record<string, AriaSort>>;
  /**
   * A row's element (and its cells' components) is handed to the row entering the window when another leaves it, so
   * a fling updates rows in place instead of making new ones (see VirtualBody). Only for columns whose cells keep no
   * state of their own: a cell component that holds anything taken from its row at mount (an actor made with the
   * row's id, a popup's open state) would keep it for the next row shown in its place.
   */
  recycleRows?: boolean;
}

export type AriaSort = 'ascending' | 'descending' | 'none';

/** The table's data: always none (see the options in DataTable). */
const noData: never[] = [];

const LOAD_AHEAD_ROWS = 10;

/**
 * Rows rendered beyond each edge of the viewport, so a wheel scroll that the compositor moves ahead of the main thread
 * shows rows rather than the spacer: a margin of 176 px (default height).
 */
const OVERSCAN = 4;

/** The fewest row slots of a body (see VirtualBody): more than a window of a usual viewport holds. */
const MIN_SLOTS = 32;

/** A list table keeps no table state (order and filter belong to the server), so it subscribes to none. */
const selectNoState = () => ({});

/**
 * A server-paged, virtualised table: only the rows in view are in the DOM, and the next page is requested as the
 * user nears the end of what is loaded.
 */
export function DataTable<T extends RowData>({
  label,
  columns,
  rows,
  getRowId,
  hasMore = false,
  loadingMore = false,
  onLoadMore,
  empty,
  maxHeight = '70vh',
  rowHeight = 44,
  grid = false,
  sortState,
  recycleRows = false,
}: DataTableProps<T>) {
  const rowHeightStyle = useMemo(() => ({ [rowHeightVar]: `${rowHeight}px` }) as CSSProperties, [rowHeight]);
  // The table gives the columns and headers only; its row model is never built, because that makes a row object for
  // every loaded row whenever a page arrives. The body makes row objects for the rows in the window only. So the
  // table is given no data, and its options (and the instance the memoised rows hold) change with the columns alone:
  // a page appended to the rows renders no row already in view.
  const options = useMemo(() => ({ features: listFeatures, columns, data: noData }), [columns]);
  const table = useTable(options, selectNoState);
  // State, not a ref: the body's row window reads the viewport in its layout effect, which runs before a parent's
  // ref is attached; the body renders again once the viewport exists.
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  // The body owns the row window; it puts its scroll-to-row here for the grid's keys.
  const scrollToRowRef = useRef<(row: number) => void>(() => undefined);
  const scrollToRow = useCallback((row: number) => scrollToRowRef.current(row), []);
  const columnCount = table.getAllLeafColumns().length;
  const navigation = useGridNavigation({ rowCount: rows.length, colCount: columnCount, scrollToRow });

  if (rows.length === 0 && !hasMore && empty) return <>{empty}</>;

  const gridProps = grid
    ? {
        role: 'grid',
        // Unknown while the server has more rows (-1, as ARIA says); the header row counts.
        'aria-rowcount': hasMore ? -1 : rows.length + 1,
        ref: navigation.ref,
        onKeyDown: navigation.onKeyDown,
        onFocus: navigation.onFocus,
      }
    : {};

  return (
    <Box>
      <style href={tableStylesHref} precedence="default">
        {tableStyles}
      </style>
      <div
        ref={setViewport}
        data-scroll-viewport=""
        // A cell focused by keyboard scrolls clear of the sticky header.
        className={grid ? `${tableClass.viewport} ${tableClass.gridViewport}` : tableClass.viewport}
        style={{ maxHeight }}
      >
        <table className={tableClass.table} aria-label={label} style={rowHeightStyle} {...gridProps}>
          <thead className={tableClass.head}>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} {...(grid ? { role: 'row', 'aria-rowindex': 1 } : {})}>
                {group.headers.map((header) => (
                  <th
                    {...(grid ? { role: 'columnheader' } : {})}
                    key={header.id}
                    className={headerClass[header.column.columnDef.meta?.align ?? 'start']}
                    style={{ width: header.column.columnDef.meta?.width }}
                    aria-sort={sortState?.[header.column.id]}
                  >
                    {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <VirtualBody
            table={table}
            rows={rows}
            getRowId={getRowId}
            columnCount={columnCount}
            viewport={viewport}
            rowHeight={rowHeight}
            onNearEnd={hasMore && !loadingMore ? onLoadMore : undefined}
            grid={grid ? navigation : undefined}
            scrollToRowRef={scrollToRowRef}
            recycleRows={recycleRows}
          />
        </table>
      </div>
      {loadingMore && <Loading label="Loading more..." />}
      {hasMore && !loadingMore && onLoadMore && (
        <HStack justify="center" pt="2">
          <Button size="sm" variant="ghost" onClick={onLoadMore}>
            Load more
          </Button>
        </HStack>
      )}
    </Box>
  );
}

interface VirtualBodyProps<T extends RowData> {
  table: TanStackTable<ListFeatures, T>;
  rows: readonly T[];
  getRowId: (row: T) => string;
  columnCount: number;
  viewport: HTMLDivElement | null;
  rowHeight: number;
  /** Called when the rows near the end of the loaded ones come into view (absent when nothing more is wanted). */
  onNearEnd: (() => void) | undefined;
  /** The keyboard grid, when the table is one. */
  grid: GridNavigation | undefined;
  scrollToRowRef: { current: (row: number) => void };
  recycleRows: boolean;
}

/**
 * The body holds the row window, so a scroll frame re-renders the body alone (not the table and its header); the
 * rows are memoised, so of those only the rows entering the window render. The body, its rows and cells are plain
 * elements with the classes of dataTableCss: a fling mounts a whole
 * window of fresh rows every frame, and resolving Chakra style props for each of them overran the frame.
 */
function VirtualBody<T extends RowData>({
  table,
  rows,
  getRowId,
  columnCount,
  viewport,
  rowHeight,
  onNearEnd,
  grid,
  scrollToRowRef,
  recycleRows,
}: VirtualBodyProps<T>) {
  const rowWindow = useRowWindow({ count: rows.length, rowHeight, viewport, overscan: OVERSCAN });
  const lastDrawn = rowWindow.end - 1;
  useLayoutEffect(() => {
    scrollToRowRef.current = rowWindow.scrollToRow;
    // A row moved to by keyboard gets the focus once it is rendered.
    grid?.focusPending();
  });
  // The tab stop: the active cell, or when its row has scrolled out of the window, the first rendered row's cell.
  const tabRow = grid && (grid.active.row >= rowWindow.start && grid.active.row < rowWindow.end ? grid.active.row : rowWindow.start);

  useEffect(() => {
    if (onNearEnd && rows.length > 0 && lastDrawn >= rows.length - LOAD_AHEAD_ROWS) onNearEnd();
  }, [onNearEnd, lastDrawn, rows.length]);

  const paddingTop = rowWindow.start * rowHeight;
  const paddingBottom = rowWindow.totalHeight - rowWindow.end * rowHeight;
  const drawn = rowWindow.end - rowWindow.start;

  // Recycled rows are keyed by their slot in the window, not by id: the element of a row that leaves the window is given to
  // the row that enters it, so a fling updates a window of rows in place every frame rather than removing them all
  // and creating new ones. A slot is the index modulo a power of two no smaller than the window, so every row in the
  // window has its own, and a row that stays in the window keeps its slot (and is not rendered again).
  const slots = 2 ** Math.ceil(Math.log2(Math.max(MIN_SLOTS, drawn)));

  return (
    <tbody>
      {paddingTop > 0 && <Spacer columnCount={columnCount} height={paddingTop} />}
      {Array.from({ length: drawn }, (_, offset) => {
        const index = rowWindow.start + offset;
        const original = rows[index];
        if (original === undefined) return null;
        const id = getRowId(original);
        return (
          <BodyRow
            key={recycleRows ? index % slots : id}
            table={table}
            original={original}
            id={id}
            index={index}
            grid={grid !== undefined}
            tabCol={grid && index === tabRow ? grid.active.col : undefined}
            onReused={grid?.release}
          />
        );
      })}
      {paddingBottom > 0 && <Spacer columnCount={columnCount} height={paddingBottom} />}
    </tbody>
  );
}

function Spacer({ columnCount, height }: { columnCount: number; height: number }) {
  return (
    <tr aria-hidden="true">
      <td colSpan={columnCount} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}

const aligned = (base: string): Record<NonNullable<ListColumnMeta['align']>, string> => ({
  start: base,
  end: `${base} ${tableClass.alignEnd}`,
  center: `${base} ${tableClass.alignCenter}`,
});
const cellClass = aligned(tableClass.cell);
const headerClass = aligned(tableClass.headerCell);

interface BodyRowProps<T extends RowData> {
  table: TanStackTable<ListFeatures, T>;
  original: T;
  id: string;
  index: number;
  /** The row and its cells carry the grid's roles and positions. */
  grid: boolean;
  /** The cell of this row in the tab order, if it has it (grid only). */
  tabCol: number | undefined;
  /** Called when the row's element, holding the focus, has been given to another row (the grid's `release`). */
  onReused: (() => void) | undefined;
}

/**
 * One row; renders again only when its data or its position changes, never merely because the window moved. Its
 * TanStack row (and cells) are made here, when the row enters the window.
 */
const BodyRow = memo(function BodyRow<T extends RowData>({ table, original, id, index, grid, tabCol, onReused }: BodyRowProps<T>) {
  const element = useRef<HTMLTableRowElement>(null);
  const shown = useRef(id);
  useLayoutEffect(() => {
    if (shown.current === id) return;
    shown.current = id;
    if (element.current?.contains(document.activeElement)) onReused?.();
  }, [id, onReused]);
  const row = constructRow(table, id, original, index, 0);
  const rowProps = grid ? { role: 'row', 'aria-rowindex': index + 2, [gridAttr.row]: index } : {};
  return (
    <tr ref={element} className={tableClass.row} data-index={index} {...rowProps}>
      {row.getAllCells().map((cell, col) => (
        <td
          key={cell.column.id}
          className={cellClass[cell.column.columnDef.meta?.align ?? 'start']}
          {...(grid ? { role: 'gridcell', tabIndex: col === tabCol ? 0 : -1, [gridAttr.col]: col } : {})}
        >
          <FlexRender cell={cell} />
        </td>
      ))}
    </tr>
  );
}) as <T extends RowData>(props: BodyRowProps<T>) => ReactNode;
