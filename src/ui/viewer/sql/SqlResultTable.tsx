import { useMemo } from 'react';
import { Box, Stack, Text } from '@chakra-ui/react';
import type { SqlCell, SqlColumn } from '../../../lib/sql/arrow-values';
import type { ColumnSummary } from '../../../lib/sql/column-summary';
import { DataTable, listColumnHelper, type ListColumn } from '../../components';
import { ColumnChart } from './ColumnChart';

interface ResultRow {
  index: number;
  cells: SqlCell[];
}

export interface SqlResultTableProps {
  columns: SqlColumn[];
  rows: SqlCell[][];
  /** One per column, once computed (undefined: none for that column). */
  summaries: Array<ColumnSummary | undefined> | undefined;
}

const column = listColumnHelper<ResultRow>();

const ROW_HEIGHT = 32;
const nullStyle = { color: 'var(--chakra-colors-fg-subtle)', fontStyle: 'italic' } as const;

interface HeaderProps {
  column: SqlColumn;
  summary: ColumnSummary | undefined;
}

function Header({ column: { name, type, kind }, summary }: HeaderProps) {
  return (
    <Stack gap="0.5" py="1" minW="0" align={kind === 'number' ? 'flex-end' : 'flex-start'}>
      <Text fontWeight="semibold" truncate maxW="full" title={name}>
        {name}
      </Text>
      <Text fontSize="xs" fontWeight="normal" color="fg.muted" truncate maxW="full" title={type}>
        {type}
      </Text>
      {/* The chart's room is kept while it is computed, so the header does not jump. */}
      <Box h="24px" color="blue.solid" opacity="0.8">
        {summary && <ColumnChart summary={summary} />}
      </Box>
    </Stack>
  );
}

function resultColumns(columns: SqlColumn[], summaries: SqlResultTableProps['summaries']): ListColumn<ResultRow>[] {
  return [
    column.display({
      id: 'row',
      header: '#',
      meta: { width: '4rem', align: 'end' },
      cell: ({ row }) => <span style={{ color: 'var(--chakra-colors-fg-muted)' }}>{row.original.index + 1}</span>,
    }),
    ...columns.map((c, i) =>
      column.display({
        id: `c${i}`,
        header: () => <Header column={c} summary={summaries?.[i]} />,
        meta: { width: c.kind === 'number' ? '9rem' : '14rem', align: c.kind === 'number' ? 'end' : 'start' },
        cell: ({ row }) => {
          const value = row.original.cells[i];
          return value === null || value === undefined ? <span style={nullStyle}>NULL</span> : <span title={value}>{value}</span>;
        },
      }),
    ),
    // The table's layout is fixed: a column without a width takes the room the others leave, so they keep theirs.
    column.display({ id: 'rest', header: () => null, cell: () => null }),
  ];
}

/** A query's rows in a virtualised table: the column names, DuckDB types and charts in the header. */
export function SqlResultTable({ columns, rows, summaries }: SqlResultTableProps) {
  const tableColumns = useMemo(() => resultColumns(columns, summaries), [columns, summaries]);
  const tableRows = useMemo(() => rows.map((cells, index) => ({ index, cells })), [rows]);
  return (
    <DataTable
      label="Query result"
      columns={tableColumns}
      rows={tableRows}
      getRowId={(row) => String(row.index)}
      rowHeight={ROW_HEIGHT}
      maxHeight="60vh"
      empty={<Text color="fg.muted">No rows returned.</Text>}
    />
  );
}
