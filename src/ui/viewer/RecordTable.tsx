import { Box, Table } from '@chakra-ui/react';

export interface RecordRow {
  /** The record's number in its file (a line, a feature's index). */
  number: number;
  /** One value per column, as text; undefined where the record has none. */
  cells: ReadonlyArray<string | undefined>;
}

export interface RecordTableProps {
  label: string;
  /** The heading of the numbers' column ('Line', '#'). */
  numberHeader: string;
  columns: readonly string[];
  rows: readonly RecordRow[];
  maxH: string;
  /** Values in a monospace font (JSON text), not the body font. */
  monoValues?: boolean;
}

/** The records of a file with a column per key, numbered as in the file; long values are cut, whole on hover. */
export function RecordTable({ label, numberHeader, columns, rows, maxH, monoValues = false }: RecordTableProps) {
  return (
    <Box overflow="auto" maxH={maxH} borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" stickyHeader showColumnBorder aria-label={label}>
        <Table.Header>
          <Table.Row bg="bg.muted">
            <Table.ColumnHeader textAlign="end" color="fg.muted" width="1%" title={numberHeader}>
              {numberHeader}
            </Table.ColumnHeader>
            {columns.map((column) => (
              <Table.ColumnHeader key={column} whiteSpace="nowrap">
                {column}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.number}>
              <Table.Cell textAlign="end" color="fg.muted" fontVariantNumeric="tabular-nums">
                {row.number}
              </Table.Cell>
              {row.cells.map((cell, i) => (
                <Table.Cell
                  // Columns are the same for every row, so a cell's place names it (names may repeat: 'Geometry').
                  key={i}
                  maxW="sm"
                  truncate
                  title={cell}
                  fontFamily={monoValues && cell !== undefined ? 'mono' : undefined}
                >
                  {cell ?? ''}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
