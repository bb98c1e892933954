import { useMemo } from 'react';
import { Badge, Code, Flex, IconButton, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { LuRefreshCw, LuTable } from 'react-icons/lu';
import type { TableSummary } from '../../api/types';
import { formatCount } from '../../lib/format';
import type { PagedListActorRef } from '../../machines/paged-list';
import { BackToStart } from '../components/BackToStart';
import { DataTable } from '../components/DataTable';
import { ErrorAlert } from '../components/ErrorAlert';
import { listColumnHelper, type ListColumn } from '../components/listTable';
import { Loading } from '../components/Loading';
import { usePagedList } from '../components/usePagedList';
import { FormatBadge, shortVersion } from './table-bits';

export interface TablesPageProps {
  tables: PagedListActorRef<TableSummary>;
  repoId: string;
  refName: string;
  after?: string;
  onBackToStart: () => void;
}

const column = listColumnHelper<TableSummary>();
const known = (n: number | null) => (n === null ? '' : formatCount(n));

function tableColumns(repoId: string, refName: string): ListColumn<TableSummary>[] {
  return [
    column.accessor('path', {
      header: 'Table',
      meta: { width: '40%' },
      cell: (info) => (
        <Link asChild truncate fontFamily="mono" fontSize="sm">
          <RouterLink to="/repositories/$repoId/tables/table" params={{ repoId }} search={{ ref: refName, path: info.getValue() }}>
            <LuTable />
            {info.getValue() || '(root)'}
          </RouterLink>
        </Link>
      ),
    }),
    column.accessor('format', { header: 'Format', meta: { width: '10%' }, cell: (info) => <FormatBadge format={info.getValue()} /> }),
    column.accessor('version', {
      header: 'Version',
      meta: { width: '16%' },
      cell: (info) =>
        info.row.original.error !== null ? (
          <Badge colorPalette="red" variant="subtle">
            broken
          </Badge>
        ) : (
          <Text fontFamily="mono" fontSize="sm" truncate title={info.getValue() ?? undefined}>
            {info.getValue() === null ? 'no snapshot' : shortVersion(info.getValue() ?? '')}
          </Text>
        ),
    }),
    column.accessor('schema', { header: 'Columns', meta: { width: '10%' }, cell: (info) => formatCount(info.getValue().length) }),
    column.accessor('files', { header: 'Files', meta: { width: '10%' }, cell: (info) => known(info.getValue()) }),
    column.accessor('rows', { header: 'Rows', meta: { width: '14%' }, cell: (info) => known(info.getValue()) }),
  ];
}

function NoTables() {
  return (
    <Stack gap="2" align="start">
      <Text color="fg.muted">No tables on this ref.</Text>
      <Text fontSize="sm">
        A folder holding <Code>_delta_log/</Code> is a Delta Lake table; one holding <Code>metadata/*.metadata.json</Code> an Iceberg table.
      </Text>
    </Stack>
  );
}

/** The ref's Delta Lake and Iceberg tables, in the order of their folders, a page at a time. */
export function TablesPage({ tables, repoId, refName, after, onBackToStart }: TablesPageProps) {
  const { view, table, retry, reload } = usePagedList(tables);
  const columns = useMemo(() => tableColumns(repoId, refName), [repoId, refName]);
  const broken = table.rows.filter((t) => t.error !== null);
  return (
    <Stack gap="4">
      <Flex gap="3" align="center">
        <Text color="fg.muted" fontSize="sm">
          Delta Lake and Iceberg tables on {refName}
        </Text>
        <IconButton size="sm" variant="ghost" aria-label="Refresh" ms="auto" onClick={reload}>
          <LuRefreshCw />
        </IconButton>
      </Flex>
      {view.failed ? (
        <ErrorAlert error={view.error} onRetry={retry} />
      ) : view.loading ? (
        <Loading label="Finding tables..." />
      ) : (
        <DataTable label="Tables" columns={columns} {...table} getRowId={(t) => t.path} empty={<NoTables />} />
      )}
      {broken.map((t) => (
        <ErrorAlert key={t.path} title={`${t.path}: the log cannot be read`} error={new Error(t.error ?? '')} />
      ))}
      {view.moreFailed && <ErrorAlert error={view.error} onRetry={retry} />}
      {after && <BackToStart onClick={onBackToStart} />}
    </Stack>
  );
}
