import { HStack, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import type { Repository } from '../../api/types';
import { formatDate } from '../../lib/format';
import { DataTable } from '../components/DataTable';
import { listColumnHelper } from '../components/listTable';
import { tablePaging, type CursorPages } from '../components/useCursorPages';
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

export function RepositoryTable({ list }: { list: CursorPages<Repository> }) {
  return (
    <DataTable
      label="Repositories"
      columns={columns}
      {...tablePaging(list)}
      getRowId={(repo) => repo.id}
      empty={<Text color="fg.muted" py="6" textAlign="center">No repositories match.</Text>}
    />
  );
}
