import { useMemo } from 'react';
import { Badge, Code, Flex, HStack, IconButton, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { LuFilter, LuRefreshCw, LuX } from 'react-icons/lu';
import type { ActionRun } from '../../api/types';
import { formatDate, shortCommitId } from '../../lib/format';
import type { PagedListActorRef } from '../../machines/paged-list';
import { BackToStart } from '../components/BackToStart';
import { DataTable } from '../components/DataTable';
import { ErrorAlert } from '../components/ErrorAlert';
import { listColumnHelper, type ListColumn } from '../components/listTable';
import { Loading } from '../components/Loading';
import { usePagedList } from '../components/usePagedList';
import { ACTION_FILE_EXAMPLE } from './action-file-example';
import { RunStatusIcon } from './RunStatusIcon';

export type RunFilter = 'branch' | 'commit';

export interface ActionRunsPageProps {
  /** The runs from the URL's cursor, with the URL's filters. */
  runs: PagedListActorRef<ActionRun>;
  repoId: string;
  branch?: string;
  commit?: string;
  after?: string;
  /** Sets a filter (a value) or removes it (undefined); the list starts over. */
  onFilter: (filter: RunFilter, value: string | undefined) => void;
  onBackToStart: () => void;
}

const column = listColumnHelper<ActionRun>();

function runColumns(repoId: string, onFilter: ActionRunsPageProps['onFilter']): ListColumn<ActionRun>[] {
  return [
    column.accessor('run_id', {
      header: 'Run ID',
      meta: { width: '20%' },
      cell: (info) => (
        <HStack gap="2" minW="0">
          <RunStatusIcon status={info.row.original.status} />
          <Link asChild fontFamily="mono" fontSize="sm" truncate>
            <RouterLink to="/repositories/$repoId/actions/$runId" params={{ repoId, runId: info.getValue() }}>
              {info.getValue()}
            </RouterLink>
          </Link>
        </HStack>
      ),
    }),
    column.accessor('event_type', { header: 'Event', meta: { width: '12%' } }),
    column.accessor('branch', {
      header: 'Branch',
      meta: { width: '20%' },
      cell: (info) => (
        <HStack gap="1" minW="0">
          <Link asChild truncate>
            <RouterLink to="/repositories/$repoId/objects" params={{ repoId }} search={{ ref: info.getValue() }}>
              {info.getValue()}
            </RouterLink>
          </Link>
          <IconButton size="xs" variant="ghost" aria-label={`Filter by branch ${info.getValue()}`} onClick={() => onFilter('branch', info.getValue())}>
            <LuFilter />
          </IconButton>
        </HStack>
      ),
    }),
    column.accessor('start_time', { header: 'Start Time', meta: { width: '16%' }, cell: (info) => formatDate(info.getValue()) }),
    column.accessor('end_time', {
      header: 'End Time',
      meta: { width: '16%' },
      cell: (info) => {
        const end = info.getValue();
        return end ? formatDate(end) : '';
      },
    }),
    column.accessor('commit_id', {
      header: 'Commit ID',
      meta: { width: '16%' },
      cell: (info) =>
        info.getValue() && (
          <HStack gap="1">
            <Link asChild fontFamily="mono" fontSize="sm">
              <RouterLink to="/repositories/$repoId/commits/$commitId" params={{ repoId, commitId: info.getValue() }}>
                {shortCommitId(info.getValue())}
              </RouterLink>
            </Link>
            <IconButton
              size="xs"
              variant="ghost"
              aria-label={`Filter by commit ${shortCommitId(info.getValue())}`}
              onClick={() => onFilter('commit', info.getValue())}
            >
              <LuFilter />
            </IconButton>
          </HStack>
        ),
    }),
  ];
}

/** A filter in force, removed by its close button (a badge: the console's theme carries no tag recipe). */
function FilterChip({ name, value, onRemove }: { name: RunFilter; value: string; onRemove: () => void }) {
  return (
    <Badge size="lg" variant="subtle" colorPalette="tarn" gap="1" ps="2" pe="0.5">
      {name}: {name === 'commit' ? shortCommitId(value) : value}
      <IconButton size="2xs" variant="ghost" aria-label={`Remove ${name} filter`} onClick={onRemove}>
        <LuX />
      </IconButton>
    </Badge>
  );
}

/** No run yet: how to add a hook, unless a filter is what left the list empty. */
function NoRuns({ filtered }: { filtered: boolean }) {
  return (
    <Stack gap="2" align="start">
      <Text color="fg.muted">No action runs have been logged yet.</Text>
      {!filtered && (
        <>
          <Text fontSize="sm">
            Hooks run on events such as a commit or a merge. To add one, upload a YAML file under{' '}
            <Code>_lakefs_actions/</Code> to a branch and commit it, for example <Code>_lakefs_actions/check.yaml</Code>:
          </Text>
          <Code as="pre" display="block" whiteSpace="pre" p="3" aria-label="An example action file">
            {ACTION_FILE_EXAMPLE}
          </Code>
        </>
      )}
    </Stack>
  );
}

/** The repository's action runs, newest first, a page at a time, filtered by branch or commit. */
export function ActionRunsPage({ runs, repoId, branch, commit, after, onFilter, onBackToStart }: ActionRunsPageProps) {
  const { view, table, retry, reload } = usePagedList(runs);
  const columns = useMemo(() => runColumns(repoId, onFilter), [repoId, onFilter]);
  return (
    <Stack gap="4">
      <Flex gap="3" align="center" wrap="wrap">
        {branch !== undefined && <FilterChip name="branch" value={branch} onRemove={() => onFilter('branch', undefined)} />}
        {commit !== undefined && <FilterChip name="commit" value={commit} onRemove={() => onFilter('commit', undefined)} />}
        <IconButton size="sm" variant="ghost" aria-label="Refresh" ms="auto" onClick={reload}>
          <LuRefreshCw />
        </IconButton>
      </Flex>
      {view.failed ? (
        <ErrorAlert error={view.error} onRetry={retry} />
      ) : view.loading ? (
        <Loading label="Loading action runs..." />
      ) : (
        <DataTable
          label="Action runs"
          columns={columns}
          {...table}
          getRowId={(run) => run.run_id}
          empty={<NoRuns filtered={branch !== undefined || commit !== undefined} />}
        />
      )}
      {view.moreFailed && <ErrorAlert error={view.error} onRetry={retry} />}
      {after && <BackToStart onClick={onBackToStart} />}
    </Stack>
  );
}
