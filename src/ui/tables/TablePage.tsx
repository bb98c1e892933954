import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Badge, Box, Button, Code, Flex, Heading, HStack, Input, Link, Stack, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { LuGitCompareArrows, LuX } from 'react-icons/lu';
import type { TableDetail } from '../../api/types';
import { formatCount, formatDate, formatSize } from '../../lib/format';
import type { TablePageActorRef } from '../../machines/table-page';
import { Loading } from '../components/Loading';
import { FormatBadge, shortVersion } from './table-bits';

// The SQL editor and engine load when a table is opened, not with the route.
const TableSql = lazy(() => import('./TableSql').then((module) => ({ default: module.TableSql })));
const RowDiff = lazy(() => import('../diff/RowDiff').then((module) => ({ default: module.RowDiff })));

export interface TablePageProps {
  page: TablePageActorRef;
  /** The address's SQL; absent: the opening query over the current snapshot. */
  sql: string | undefined;
}

const known = (n: number | null) => (n === null ? '—' : formatCount(n));

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="2" as="section" aria-label={title}>
      <Heading size="sm" as="h2">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

/** A table's schema, history, data files and SQL over its current snapshot, and its diff with another ref. */
export function TablePage({ page, sql }: TablePageProps) {
  const { repoId, ref, path, detail } = useSelector(page, (s) => s.context);
  return (
    <Stack gap="6">
      <Flex gap="3" align="center" wrap="wrap">
        <Heading size="md" as="h1" fontFamily="mono">
          {path || '(root)'}
        </Heading>
        <FormatBadge format={detail.format} />
        <Text fontSize="sm" color="fg.muted">
          {detail.format === 'delta' ? 'version' : 'snapshot'} <Code>{detail.version ?? 'none'}</Code> · {known(detail.files)} files ·{' '}
          {known(detail.rows)} rows
        </Text>
        <Link asChild fontSize="sm" ms="auto">
          <RouterLink to="/repositories/$repoId/tables" params={{ repoId }} search={{ ref }}>
            All tables
          </RouterLink>
        </Link>
      </Flex>
      <Section title="SQL">
        {detail.data_files.length === 0 ? (
          <Text color="fg.muted">The current snapshot has no data files.</Text>
        ) : (
          <Suspense fallback={<Loading label="Loading the SQL editor..." />}>
            <TableSql repoId={repoId} refName={ref} path={path} detail={detail} sql={sql} />
          </Suspense>
        )}
      </Section>
      <Section title="Schema">
        <SchemaTable detail={detail} />
      </Section>
      <Section title="History">
        <HistoryTable detail={detail} />
      </Section>
      <Section title="Compare">
        <CompareWith page={page} />
      </Section>
      <Section title="Data files">
        <FilesTable detail={detail} />
      </Section>
    </Stack>
  );
}

function SchemaTable({ detail }: { detail: TableDetail }) {
  return (
    <Table.Root size="sm" variant="outline" aria-label="Schema">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Column</Table.ColumnHeader>
          <Table.ColumnHeader>Type</Table.ColumnHeader>
          <Table.ColumnHeader>Nullable</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {detail.schema.map((c) => (
          <Table.Row key={c.name}>
            <Table.Cell fontFamily="mono">
              {c.name}
              {detail.partition_columns.includes(c.name) && (
                <Badge ms="2" size="sm" variant="outline">
                  partition
                </Badge>
              )}
            </Table.Cell>
            <Table.Cell fontFamily="mono">{c.type}</Table.Cell>
            <Table.Cell>{c.nullable ? 'yes' : 'no'}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

function HistoryTable({ detail, versions = detail.history, label = 'History' }: { detail: TableDetail; versions?: TableDetail['history']; label?: string }) {
  return (
    <Table.Root size="sm" variant="outline" aria-label={label}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{detail.format === 'delta' ? 'Version' : 'Snapshot'}</Table.ColumnHeader>
          <Table.ColumnHeader>Time</Table.ColumnHeader>
          <Table.ColumnHeader>Operation</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Files added</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Files removed</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Rows added</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {versions.map((v) => (
          <Table.Row key={v.version}>
            <Table.Cell fontFamily="mono" title={v.version}>
              {shortVersion(v.version)}
            </Table.Cell>
            <Table.Cell>{v.time === null ? '—' : formatDate(v.time)}</Table.Cell>
            <Table.Cell>{v.operation || '—'}</Table.Cell>
            <Table.Cell textAlign="end">{known(v.files_added)}</Table.Cell>
            <Table.Cell textAlign="end">{known(v.files_removed)}</Table.Cell>
            <Table.Cell textAlign="end">{known(v.rows_added)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

function FilesTable({ detail }: { detail: TableDetail }) {
  return (
    <Table.Root size="sm" variant="outline" aria-label="Data files">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Path</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Size</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Rows</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {detail.data_files.map((f) => (
          <Table.Row key={f.path}>
            <Table.Cell fontFamily="mono" fontSize="sm" wordBreak="break-all">
              {f.path}
            </Table.Cell>
            <Table.Cell textAlign="end">{formatSize(f.size_bytes)}</Table.Cell>
            <Table.Cell textAlign="end">{known(f.rows)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

/** The ref to compare with (kept in the address), and what changed from it to this ref. */
function CompareWith({ page }: { page: TablePageActorRef }) {
  const { ref, compare, compared, diff, detail, rowDiff } = useSelector(page, (s) => s.context);
  const [typed, setTyped] = useState(compare ?? '');
  return (
    <Stack gap="3">
      <HStack
        as="form"
        gap="2"
        onSubmit={(e) => {
          e.preventDefault();
          page.send({ type: 'compare.choose', ref: typed });
        }}
      >
        <Input size="sm" maxW="xs" aria-label="Ref to compare with" placeholder="A branch, tag or commit" value={typed} onChange={(e) => setTyped(e.target.value)} />
        <Button size="sm" type="submit" disabled={typed.trim() === ''}>
          <LuGitCompareArrows />
          Compare
        </Button>
        {compare !== undefined && (
          <Button size="sm" variant="ghost" onClick={() => page.send({ type: 'compare.clear' })}>
            <LuX />
            Clear
          </Button>
        )}
      </HStack>
      {diff && compare !== undefined && (
        <Stack gap="3" role="region" aria-label={`Changes from ${compare} to ${ref}`}>
          <Text fontSize="sm">
            From <Code>{compare}</Code> to <Code>{ref}</Code>
            {compared === null ? ': the table does not exist on ' + compare : ''}.
          </Text>
          <Box>
            <Text fontWeight="semibold" fontSize="sm">
              {formatCount(diff.versions.length)} {diff.versions.length === 1 ? 'version' : 'versions'} between them
            </Text>
            {diff.versions.length > 0 && <HistoryTable detail={detail} versions={diff.versions} label="Versions between" />}
          </Box>
          <Box>
            <Text fontWeight="semibold" fontSize="sm">
              Schema changes
            </Text>
            {diff.columns.length === 0 ? (
              <Text fontSize="sm" color="fg.muted">
                None
              </Text>
            ) : (
              <Stack gap="1" as="ul" aria-label="Schema changes">
                {diff.columns.map((c) => (
                  <Text as="li" key={c.name} fontSize="sm" listStyleType="none">
                    <Code>{c.name}</Code> {c.change}
                    {c.change === 'retyped' ? `: ${c.before ?? ''} → ${c.after ?? ''}` : `: ${c.after ?? c.before ?? ''}`}
                  </Text>
                ))}
              </Stack>
            )}
          </Box>
          <FileChanges title="Files added" paths={diff.filesAdded} />
          <FileChanges title="Files removed" paths={diff.filesRemoved} />
          <Box>
            <Button size="sm" variant="outline" onClick={() => page.send({ type: 'rows.toggle' })}>
              {rowDiff ? 'Hide row changes' : 'Compare rows'}
            </Button>
          </Box>
          {rowDiff && (
            <Suspense fallback={<Loading label="Loading the row diff..." />}>
              <RowDiff diff={rowDiff} />
            </Suspense>
          )}
        </Stack>
      )}
    </Stack>
  );
}

function FileChanges({ title, paths }: { title: string; paths: string[] }) {
  return (
    <Box>
      <Text fontWeight="semibold" fontSize="sm">
        {title}: {formatCount(paths.length)}
      </Text>
      <Stack gap="0" as="ul" aria-label={title}>
        {paths.map((p) => (
          <Text as="li" key={p} fontFamily="mono" fontSize="sm" listStyleType="none" wordBreak="break-all">
            {p}
          </Text>
        ))}
      </Stack>
    </Box>
  );
}
