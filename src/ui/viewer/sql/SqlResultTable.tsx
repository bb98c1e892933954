import { createContext, useContext, useMemo, useState } from 'react';
import { Box, Button, chakra, Flex, Stack, Text } from '@chakra-ui/react';
import { LuArrowDown, LuArrowRight, LuArrowUp, LuArrowUpDown } from 'react-icons/lu';
import type { SqlCell, SqlColumn } from '../../../lib/sql/arrow-values';
import type { ColumnSummary } from '../../../lib/sql/column-summary';
import { groupDigits } from '../../../lib/sql/number-text';
import { DataTable, listColumnHelper, type ListColumn } from '../../components';
import type { AriaSort } from '../../components/DataTable';
import { nullShare } from './chart-text';
import { ColumnChart } from './ColumnChart';
import { columnId, useResultSorting, type ResultRow, type ResultSorting } from './result-sorting';
import { resultColumnAttr, useSidewaysOverflow } from './useSidewaysOverflow';

export interface SqlResultTableProps {
  columns: SqlColumn[];
  rows: SqlCell[][];
  /** One per column, once computed (undefined: none for that column). */
  summaries: Array<ColumnSummary | undefined> | undefined;
}

const column = listColumnHelper<ResultRow>();

const ROW_HEIGHT = 32;
const nullStyle = { color: 'var(--chakra-colors-fg-subtle)', fontStyle: 'italic' } as const;

const SORT_ICONS = { ascending: LuArrowUp, descending: LuArrowDown, none: LuArrowUpDown } as const;

/**
 * What the headers show that changes while the table stands: the charts, and the sort. The column definitions
 * stay the same for a result, because TanStack Table renders a header or cell function as a component: a new function
 * would mount its header afresh, and a header button pressed by keyboard would lose the focus.
 */
interface HeaderState {
  summaries: SqlResultTableProps['summaries'];
  sorting: ResultSorting;
}

const HeaderStateContext = createContext<HeaderState | undefined>(undefined);

function Header({ column: { name, type, kind }, index }: { column: SqlColumn; index: number }) {
  const headerState = useContext(HeaderStateContext);
  const summary = headerState?.summaries?.[index];
  const sort: AriaSort = headerState?.sorting.state[columnId(index)] ?? 'none';
  const onSort = () => headerState?.sorting.toggle(index);
  const Icon = SORT_ICONS[sort];
  // The type line also says how much of the column is NULL, once the chart has counted it.
  const typeLine = summary && summary.nulls > 0 ? `${type} · ${nullShare(summary)}` : type;
  return (
    <Stack gap="0.5" py="1" minW="0" align={kind === 'number' ? 'flex-end' : 'flex-start'} {...{ [resultColumnAttr]: '' }}>
      {/* docs/behaviour.md, Object viewer: a header sorts the rows shown, ascending, descending, then as they came. */}
      <chakra.button
        type="button"
        onClick={onSort}
        display="inline-flex"
        alignItems="center"
        gap="1"
        maxW="full"
        fontWeight="semibold"
        cursor="pointer"
        borderRadius="l1"
        title={name}
        _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '1px' }}
      >
        <chakra.span truncate>{name}</chakra.span>
        <Box as="span" flexShrink="0" opacity={sort === 'none' ? 0.35 : 1} color={sort === 'none' ? 'fg.muted' : 'fg'}>
          <Icon aria-hidden />
        </Box>
      </chakra.button>
      <Text fontSize="xs" fontWeight="normal" color="fg.muted" truncate maxW="full" title={typeLine}>
        {typeLine}
      </Text>
      {/* The chart's room is kept while it is computed, so the header does not jump. */}
      <Box h="24px" color="blue.solid" opacity="0.8">
        {summary && <ColumnChart summary={summary} />}
      </Box>
    </Stack>
  );
}

function Value({ value, kind }: { value: SqlCell | undefined; kind: SqlColumn['kind'] }) {
  if (value === null || value === undefined) return <span style={nullStyle}>NULL</span>;
  const text = kind === 'number' ? groupDigits(value) : value;
  return <span title={text}>{text}</span>;
}

function resultColumns(columns: SqlColumn[]): ListColumn<ResultRow>[] {
  return [
    column.display({
      id: 'row',
      header: '#',
      meta: { width: '4rem', align: 'end' },
      cell: ({ row }) => <span style={{ color: 'var(--chakra-colors-fg-muted)' }}>{row.original.index + 1}</span>,
    }),
    ...columns.map((c, i) =>
      column.display({
        id: columnId(i),
        header: () => <Header column={c} index={i} />,
        meta: { width: c.kind === 'number' ? '9rem' : '14rem', align: c.kind === 'number' ? 'end' : 'start' },
        cell: ({ row }) => <Value value={row.original.cells[i]} kind={c.kind} />,
      }),
    ),
    // The table's layout is fixed: a column without a width takes the room the others leave, so they keep theirs.
    column.display({ id: 'rest', header: () => null, cell: () => null }),
  ];
}

/**
 * A query's rows in a virtualised table: the column names, DuckDB types and charts in the header. A header sorts the
 * rows shown; a result wider than its box says how many columns lie past its right edge.
 */
export function SqlResultTable({ columns, rows, summaries }: SqlResultTableProps) {
  const tableRows = useMemo(() => rows.map((cells, index) => ({ index, cells })), [rows]);
  const sorting = useResultSorting(columns, tableRows);
  const tableColumns = useMemo(() => resultColumns(columns), [columns]);
  const headerState = useMemo(() => ({ summaries, sorting }), [summaries, sorting]);
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const { past, wide, scrollbar, scrollRight } = useSidewaysOverflow(container, columns.length);
  return (
    <Box>
      <Box ref={setContainer} position="relative">
        <HeaderStateContext value={headerState}>
          <DataTable
            label="Query result"
            columns={tableColumns}
            rows={sorting.rows}
            getRowId={(row) => String(row.index)}
            rowHeight={ROW_HEIGHT}
            maxHeight="60vh"
            sortState={sorting.state}
            empty={<Text color="fg.muted">No rows returned.</Text>}
          />
        </HeaderStateContext>
        {past > 0 && (
          // The right edge fades while columns lie past it.
          <Box
            aria-hidden
            position="absolute"
            top="1px"
            bottom="1px"
            right={`${scrollbar + 1}px`}
            w="12"
            pointerEvents="none"
            bgGradient="to-r"
            gradientFrom="transparent"
            gradientTo="bg"
          />
        )}
      </Box>
      {/* Under the grid, so it covers no cell; its line stays while the result is wide, so scrolling moves nothing. */}
      {wide && (
        <Flex justify="flex-end" minH="6" mt="1">
          {past > 0 && (
            <Button size="2xs" variant="surface" onClick={scrollRight}>
              Scroll sideways for {past} more {past === 1 ? 'column' : 'columns'}
              <LuArrowRight aria-hidden />
            </Button>
          )}
        </Flex>
      )}
    </Box>
  );
}
