import { useEffect, useRef, type ReactNode } from 'react';
import { Box, Button, HStack, Table, type SystemStyleObject } from '@chakra-ui/react';
import { useTable, type RowData } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { listFeatures, type ListColumn } from './listTable';
import { Loading } from './Loading';

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
   * content and truncate it to one line, so the virtualizer's arithmetic (which assumes this height for every row)
   * is exact. Cell content must fit in it (the default fits an extra-small icon button).
   */
  rowHeight?: number;
}

const LOAD_AHEAD_ROWS = 10;

/**
 * Body rows are exactly `rowHeight` tall, the height the virtualizer assumes for every row: a cell has no vertical
 * padding (its content is centred instead) and is clipped to one line that ends in an ellipsis, so no content can
 * make a row taller than the arithmetic says.
 */
function fixedRows(rowHeight: number): SystemStyleObject {
  return {
    '& tbody > tr[data-index] > td': {
      height: `${rowHeight}px`,
      maxHeight: `${rowHeight}px`,
      paddingTop: 0,
      paddingBottom: 0,
      verticalAlign: 'middle',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
    },
  };
}

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
}: DataTableProps<T>) {
  const table = useTable({ features: listFeatures, columns, data: rows, getRowId: (row) => getRowId(row) }, () => ({}));
  const scrollRef = useRef<HTMLDivElement>(null);
  const modelRows = table.getRowModel().rows;
  const virtualizer = useVirtualizer({
    count: modelRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    // No getItemKey: the library's default (the index) is one stable function. A callback made per render counts
    // as an option change and makes the virtualizer recompute the position of every loaded row on every frame;
    // and since every row has the same height, no measurement needs to follow a row by its id.
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const lastVisible = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasMore && !loadingMore && onLoadMore && modelRows.length > 0 && lastVisible >= modelRows.length - LOAD_AHEAD_ROWS) {
      onLoadMore();
    }
  }, [hasMore, loadingMore, onLoadMore, lastVisible, modelRows.length]);

  if (rows.length === 0 && !hasMore && empty) return <>{empty}</>;

  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = items.length > 0 ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0;
  const columnCount = table.getAllLeafColumns().length;

  return (
    <Box>
      <Box ref={scrollRef} data-scroll-viewport="" maxH={maxHeight} overflowY="auto" borderWidth="1px" borderRadius="md">
        <Table.Root size="sm" aria-label={label} tableLayout="fixed" interactive css={fixedRows(rowHeight)}>
          <Table.Header position="sticky" top="0" zIndex="1" bg="bg">
            {table.getHeaderGroups().map((group) => (
              <Table.Row key={group.id}>
                {group.headers.map((header) => (
                  <Table.ColumnHeader
                    key={header.id}
                    width={header.column.columnDef.meta?.width}
                    textAlign={header.column.columnDef.meta?.align}
                  >
                    {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            ))}
          </Table.Header>
          <Table.Body>
            {paddingTop > 0 && (
              <tr aria-hidden="true">
                <td colSpan={columnCount} style={{ height: paddingTop, padding: 0, border: 0 }} />
              </tr>
            )}
            {items.map((item) => {
              const row = modelRows[item.index];
              if (!row) return null;
              return (
                <Table.Row key={row.id} data-index={item.index}>
                  {row.getAllCells().map((cell) => (
                    <Table.Cell key={cell.id} textAlign={cell.column.columnDef.meta?.align}>
                      <table.FlexRender cell={cell} />
                    </Table.Cell>
                  ))}
                </Table.Row>
              );
            })}
            {paddingBottom > 0 && (
              <tr aria-hidden="true">
                <td colSpan={columnCount} style={{ height: paddingBottom, padding: 0, border: 0 }} />
              </tr>
            )}
          </Table.Body>
        </Table.Root>
      </Box>
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
