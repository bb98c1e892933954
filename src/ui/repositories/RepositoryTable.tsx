import { HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import type { Repository } from '../../api/types';
import { formatDate } from '../../lib/format';
import type { PagedListActorRef } from '../../machines/paged-list';
import { DataTable } from '../components/DataTable';
import { ErrorAlert } from '../components/ErrorAlert';
import { listColumnHelper } from '../components/listTable';
import { usePagedList } from '../components/usePagedList';
import { ReadOnlyBadge } from './ReadOnlyBadge';

const column = listColumnHelper<Repository>();
const columns = [
  column.accessor('id', {
    header: 'Repository',
    meta: { width: '30%' },
    cell: (info) => (
      <HStack gap="2">
        <Link asChild fontWeight="semibold" colorPalette="tarn" color="colorPalette.fg">
          <RouterLink to="/repositories/$repoId" params={{ repoId: info.getValue() }}>
            {info.getValue()}
          </RouterLink>
        </Link>
        {info.row.original.read_only && <ReadOnlyBadge />}
      </HStack>
    ),
  }),
  column.accessor('default_branch', { header: 'Default branch', meta: { width: '15%' } }),
  column.accessor('storage_namespace', {
    header: 'Storage namespace',
    meta: { width: '35%' },
    cell: (info) => (
      <Text truncate title={info.getValue()} fontFamily="mono" fontSize="xs">
        {info.getValue()}
      </Text>
    ),
  }),
  column.accessor('creation_date', {
    header: 'Created',
    meta: { width: '20%' },
    cell: (info) => formatDate(info.getValue()),
  }),
];

export function RepositoryTable({ list }: { list: PagedListActorRef<Repository> }) {
  const { view, table, retry } = usePagedList(list);
  return (
    <Stack gap="3">
      <DataTable
        label="Repositories"
        columns={columns}
        {...table}
        getRowId={(repo) => repo.id}
        empty={<Text color="fg.muted" py="6" textAlign="center">No repositories match.</Text>}
      />
      {view.moreFailed && <ErrorAlert error={view.error} onRetry={retry} />}
    </Stack>
  );
}
