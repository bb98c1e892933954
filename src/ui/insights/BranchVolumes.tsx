import { Link, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import type { BranchVolumes as Volumes } from '../../machines/insights-page';
import { formatCount, formatSize } from '../../lib/format';

/** A net change with its sign: `+1.2 KB`, `−300 B`. */
export function signedSize(bytes: number): string {
  return bytes === 0 ? '0 B' : `${bytes > 0 ? '+' : '−'}${formatSize(Math.abs(bytes))}`;
}

function signedCount(n: number): string {
  return n === 0 ? '0' : `${n > 0 ? '+' : '−'}${formatCount(Math.abs(n))}`;
}

/** Each branch's uncommitted changes, those holding the most new data first; each branch links to its changes. */
export function BranchVolumes({ repoId, volumes }: { repoId: string; volumes: Volumes }) {
  const rows = [...volumes.branches].sort((a, b) => b.staged.bytes_written - a.staged.bytes_written || b.staged.added + b.staged.changed + b.staged.removed - (a.staged.added + a.staged.changed + a.staged.removed));
  return (
    <Table.Root size="sm" aria-label="Uncommitted volume per branch">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Branch</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Added</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Changed</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Removed</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Data written</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Net objects</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Net bytes</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map(({ branch, staged }) => {
          const clean = staged.added + staged.changed + staged.removed === 0;
          return (
            <Table.Row key={branch} data-branch={branch}>
              <Table.Cell>
                <Link asChild>
                  <RouterLink to="/repositories/$repoId/changes" params={{ repoId }} search={{ ref: branch }}>
                    {branch}
                  </RouterLink>
                </Link>
                {clean && (
                  <Text as="span" color="fg.muted" ms="2" fontSize="xs">
                    no uncommitted changes
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell textAlign="end">{formatCount(staged.added)}</Table.Cell>
              <Table.Cell textAlign="end">{formatCount(staged.changed)}</Table.Cell>
              <Table.Cell textAlign="end">{formatCount(staged.removed)}</Table.Cell>
              <Table.Cell textAlign="end">{formatSize(staged.bytes_written)}</Table.Cell>
              <Table.Cell textAlign="end">{signedCount(staged.objects)}</Table.Cell>
              <Table.Cell textAlign="end">{signedSize(staged.bytes)}</Table.Cell>
            </Table.Row>
          );
        })}
      </Table.Body>
    </Table.Root>
  );
}
