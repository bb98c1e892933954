import { useMemo } from 'react';
import { Button, Flex, Group, IconButton, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { LuGitPullRequestCreate, LuRefreshCw } from 'react-icons/lu';
import type { PullRequest, PullRequestStatusFilter } from '../../api/types';
import { arn } from '../../lib/permission-names';
import type { PagedListActorRef } from '../../machines/paged-list';
import { BackToStart } from '../components/BackToStart';
import { DataTable } from '../components/DataTable';
import { EmptyState } from '../components/EmptyState';
import { ErrorAlert } from '../components/ErrorAlert';
import { listColumnHelper, type ListColumn } from '../components/listTable';
import { Loading } from '../components/Loading';
import { PermittedButton } from '../components/PermittedButton';
import { usePagedList } from '../components/usePagedList';
import { BranchPills } from './BranchPills';
import { pullRequestSummary } from './pullRequestText';
import { PullRequestStatusBadge } from './PullRequestStatusBadge';

export interface PullRequestsPageProps {
  repoId: string;
  /** The pull requests of the URL's status, from the URL's cursor. */
  pulls: PagedListActorRef<PullRequest>;
  status: PullRequestStatusFilter;
  after?: string;
  onCreate: () => void;
  onBackToStart: () => void;
}

const STATUSES: { value: PullRequestStatusFilter; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
  { value: 'all', label: 'All' },
];

const EMPTY: Record<PullRequestStatusFilter, { title: string; description: string }> = {
  open: { title: 'No open pull requests', description: 'Open one to propose merging a branch into another, with its changes for review.' },
  closed: { title: 'No closed pull requests', description: 'Pull requests that were merged or closed show here.' },
  all: { title: 'No pull requests yet', description: 'A pull request proposes merging one branch into another.' },
};

const column = listColumnHelper<PullRequest>();

function pullColumns(repoId: string): ListColumn<PullRequest>[] {
  return [
    column.accessor('status', {
      header: 'Status',
      meta: { width: '12%' },
      cell: (info) => <PullRequestStatusBadge status={info.getValue()} />,
    }),
    column.accessor('title', {
      header: 'Title',
      meta: { width: '38%' },
      cell: (info) => (
        <Link asChild fontWeight="semibold" truncate>
          <RouterLink to="/repositories/$repoId/pulls/$pullId" params={{ repoId, pullId: info.row.original.id }} title={info.getValue()}>
            {info.getValue()}
          </RouterLink>
        </Link>
      ),
    }),
    column.display({
      id: 'activity',
      header: 'Activity',
      meta: { width: '25%' },
      cell: (info) => (
        <Text as="span" color="fg.muted" fontSize="sm">
          {pullRequestSummary(info.row.original)}
        </Text>
      ),
    }),
    column.display({
      id: 'branches',
      header: 'Branches',
      meta: { width: '25%' },
      cell: (info) => <BranchPills destination={info.row.original.destination_branch} source={info.row.original.source_branch} />,
    }),
  ];
}

/** Open, closed or all pull requests, newest first, a page at a time; the status is the URL's. */
export function PullRequestsPage({ repoId, pulls, status, after, onCreate, onBackToStart }: PullRequestsPageProps) {
  const { view, table, retry, reload } = usePagedList(pulls);
  const columns = useMemo(() => pullColumns(repoId), [repoId]);
  const empty = EMPTY[status];
  return (
    <Stack gap="4">
      <Flex gap="3" align="center" wrap="wrap">
        <Group attached role="group" aria-label="Pull request status">
          {STATUSES.map(({ value, label }) => (
            <Button key={value} asChild size="sm" variant={value === status ? 'solid' : 'outline'}>
              <RouterLink
                to="/repositories/$repoId/pulls"
                params={{ repoId }}
                search={(prev) => ({ ...prev, status: value === 'open' ? undefined : value, after: undefined })}
                aria-current={value === status ? 'page' : undefined}
              >
                {label}
              </RouterLink>
            </Button>
          ))}
        </Group>
        <IconButton size="sm" variant="ghost" aria-label="Refresh" ms="auto" onClick={reload}>
          <LuRefreshCw />
        </IconButton>
        <PermittedButton action="pr:WritePullRequest" resource={arn.repository(repoId)} size="sm" colorPalette="tarn" onClick={onCreate}>
          <LuGitPullRequestCreate />
          Create pull request
        </PermittedButton>
      </Flex>
      {view.failed ? (
        <ErrorAlert error={view.error} onRetry={retry} />
      ) : view.loading ? (
        <Loading label="Loading pull requests..." />
      ) : (
        <DataTable
          label="Pull requests"
          columns={columns}
          {...table}
          getRowId={(pull) => pull.id}
          empty={<EmptyState title={empty.title} description={empty.description} />}
        />
      )}
      {view.moreFailed && <ErrorAlert error={view.error} onRetry={retry} />}
      {after && <BackToStart onClick={onBackToStart} />}
    </Stack>
  );
}
