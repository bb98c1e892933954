import { useMemo } from 'react';
import { Flex, HStack, IconButton, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { LuFolderOpen, LuRefreshCw } from 'react-icons/lu';
import type { Commit, Repository, ResolvedRef } from '../../api/types';
import { commitMessage, shortCommitId } from '../../lib/format';
import type { PagedListActorRef } from '../../machines/paged-list';
import { BackToStart } from '../components/BackToStart';
import { Committer } from '../components/Committer';
import { CopyButton } from '../components/CopyButton';
import { DataTable } from '../components/DataTable';
import { ErrorAlert } from '../components/ErrorAlert';
import { listColumnHelper, type ListColumn } from '../components/listTable';
import { Loading } from '../components/Loading';
import { RelativeDate } from '../components/RelativeDate';
import { usePagedList } from '../components/usePagedList';
import { RefSelector } from '../refs';
import type { CommitsView } from '../../lib/search-schemas';
import { ViewSwitch } from './ViewSwitch';

export interface CommitsPageProps {
  /** The log from the URL's cursor. */
  log: PagedListActorRef<Commit>;
  repo: Repository;
  resolvedRef: ResolvedRef;
  after?: string;
  onSelectRef: (ref: string) => void;
  onBackToStart: () => void;
  onSelectView: (view: CommitsView) => void;
}

const column = listColumnHelper<Commit>();

function commitColumns(repoId: string): ListColumn<Commit>[] {
  return [
    column.accessor('message', {
      header: 'Message',
      meta: { width: '40%' },
      cell: (info) => (
        <Link asChild fontWeight="medium" color={info.getValue() ? undefined : 'fg.muted'} title={commitMessage(info.getValue())}>
          <RouterLink to="/repositories/$repoId/commits/$commitId" params={{ repoId, commitId: info.row.original.id }}>
            {commitMessage(info.getValue())}
          </RouterLink>
        </Link>
      ),
    }),
    column.accessor('committer', {
      header: 'Committer',
      meta: { width: '16%' },
      cell: (info) => <Committer name={info.getValue()} />,
    }),
    column.accessor('creation_date', {
      header: 'Date',
      meta: { width: '18%' },
      cell: (info) => <RelativeDate unixSeconds={info.getValue()} />,
    }),
    column.accessor('id', {
      header: 'Commit ID',
      meta: { width: '26%' },
      cell: (info) => (
        <HStack gap="1">
          <Link asChild fontFamily="mono" fontSize="sm">
            <RouterLink to="/repositories/$repoId/commits/$commitId" params={{ repoId, commitId: info.getValue() }}>
              {shortCommitId(info.getValue())}
            </RouterLink>
          </Link>
          <CopyButton value={info.getValue()} label={`ID of commit ${shortCommitId(info.getValue())}`} />
          <IconButton asChild size="xs" variant="ghost" aria-label={`Browse objects at commit ${shortCommitId(info.getValue())}`}>
            <RouterLink to="/repositories/$repoId/objects" params={{ repoId }} search={{ ref: info.getValue() }}>
              <LuFolderOpen />
            </RouterLink>
          </IconButton>
        </HStack>
      ),
    }),
  ];
}

/** The log of a ref, newest first, a page at a time. */
export function CommitsPage({ log, repo, resolvedRef, after, onSelectRef, onBackToStart, onSelectView }: CommitsPageProps) {
  const ref = resolvedRef.id;
  const { view, table, retry, reload } = usePagedList(log);
  const columns = useMemo(() => commitColumns(repo.id), [repo.id]);

  return (
    <Stack gap="4">
      <Flex gap="3" align="center">
        <ViewSwitch view="list" onSelect={onSelectView} />
        <RefSelector
          repoId={repo.id}
          selected={{ id: resolvedRef.id, kind: resolvedRef.kind }}
          defaultBranch={repo.default_branch}
          onSelect={(selected) => onSelectRef(selected.id)}
        />
        <IconButton size="sm" variant="ghost" aria-label="Refresh" onClick={reload}>
          <LuRefreshCw />
        </IconButton>
      </Flex>
      {view.failed ? (
        <ErrorAlert error={view.error} onRetry={retry} />
      ) : view.loading ? (
        <Loading label="Loading commits..." />
      ) : (
        <DataTable
          label={`Commits of ${ref}`}
          columns={columns}
          {...table}
          getRowId={(c) => c.id}
          empty={<Text color="fg.muted">No commits.</Text>}
        />
      )}
      {view.moreFailed && <ErrorAlert error={view.error} onRetry={retry} />}
      {after && <BackToStart onClick={onBackToStart} />}
    </Stack>
  );
}
