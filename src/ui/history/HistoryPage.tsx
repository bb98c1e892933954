import { lazy, Suspense, useMemo } from 'react';
import { Button, Card, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { LuGitCompare, LuRefreshCw, LuUndo2 } from 'react-icons/lu';
import type { Repository, ResolvedRef } from '../../api/types';
import { commitMessage, formatCount, formatDate, formatSize, shortCommitId } from '../../lib/format';
import { arn } from '../../lib/permission-names';
import {
  isPrefix,
  RESTORE_PREFIX,
  restoreRefusal,
  versionsList,
  type PathHistoryActorRef,
  type PathVersion,
  type PrefixCounts,
} from '../../machines/path-history';
import type { PagedListActorRef } from '../../machines/paged-list';
import { Committer } from '../components/Committer';
import { lazyDialog } from '../components/lazyDialog';
import { CopyButton } from '../components/CopyButton';
import { DataTable } from '../components/DataTable';
import { EmptyState } from '../components/EmptyState';
import { ErrorAlert } from '../components/ErrorAlert';
import { listColumnHelper, type ListColumn } from '../components/listTable';
import { Loading } from '../components/Loading';
import { PermittedButton } from '../components/PermittedButton';
import { Receipt } from '../components/Receipt';
import { RelativeDate } from '../components/RelativeDate';
import { usePagedList } from '../components/usePagedList';
import { ObjectsBreadcrumbs } from '../objects/ObjectsBreadcrumbs';
import { RefSelector } from '../refs';

export interface HistoryPageProps {
  screen: PathHistoryActorRef;
  repo: Repository;
  resolvedRef: ResolvedRef;
}

// The comparison (with the diff views) and the restore dialog (with the dialog machinery) are none of the list's first
// paint: each loads when first needed.
const Comparison = lazy(() => import('./Comparison').then((module) => ({ default: module.Comparison })));
const RestoreDialog = lazyDialog(
  () => import('./RestoreDialog').then((module) => module.RestoreDialog),
  ({ screen }: { screen: PathHistoryActorRef; repoId: string }) => useSelector(screen, (s) => !s.matches({ restore: 'idle' })),
);

/** The commits that changed a path or prefix, newest first, with compare and restore. */
export function HistoryPage({ screen, repo, resolvedRef }: HistoryPageProps) {
  const path = useSelector(screen, (s) => s.context.path);
  const list = useSelector(screen, versionsList);
  const { view, table, retry, reload } = usePagedList(list);
  const prefix = isPrefix(path);
  const columns = useMemo(() => versionColumns(screen, list, repo.id, prefix), [screen, list, repo.id, prefix]);
  const navigate = useNavigate();
  const comparing = useSelector(screen, (s) => !s.matches({ compare: 'idle' }));

  return (
    <Stack gap="4">
      <Card.Root variant="outline">
        <Card.Header>
          <Stack gap="2">
            <Heading as="h2" size="md">
              History of {path}
            </Heading>
            <ObjectsBreadcrumbs repoId={repo.id} refId={resolvedRef.id} refKind={resolvedRef.kind} path={path} />
            <HStack gap="3" wrap="wrap">
              <RefSelector
                repoId={repo.id}
                selected={{ id: resolvedRef.id, kind: resolvedRef.kind }}
                defaultBranch={repo.default_branch}
                onSelect={(ref) => void navigate({ to: '/repositories/$repoId/history', params: { repoId: repo.id }, search: { ref: ref.id, path } })}
              />
              <Text fontSize="sm" color="fg.muted">
                {prefix
                  ? 'Each commit that changed an object under this folder, with how many it added, changed and removed.'
                  : 'Each commit that changed this object, with the version it left.'}
              </Text>
              <Button size="sm" variant="ghost" ms="auto" onClick={reload} aria-label="Refresh">
                <LuRefreshCw />
              </Button>
            </HStack>
          </Stack>
        </Card.Header>
      </Card.Root>
      <RestoreReceipt screen={screen} repoId={repo.id} />
      <CompareBar screen={screen} />
      {view.failed ? (
        <ErrorAlert error={view.error} onRetry={retry} />
      ) : view.loading ? (
        <Loading label={`Loading the history of ${path}...`} />
      ) : (
        <DataTable
          label={`History of ${path}`}
          columns={columns}
          {...table}
          getRowId={(version) => version.commit.id}
          rowHeight={52}
          empty={<NoVersions path={path} refId={resolvedRef.id} />}
        />
      )}
      {view.moreFailed && <ErrorAlert error={view.error} onRetry={retry} />}
      {prefix && (
        <Text fontSize="sm" color="fg.muted">
          {RESTORE_PREFIX}
        </Text>
      )}
      {comparing && (
        <Suspense fallback={<Loading label="Loading the comparison..." />}>
          <Comparison screen={screen} />
        </Suspense>
      )}
      <RestoreDialog screen={screen} repoId={repo.id} />
    </Stack>
  );
}

function NoVersions({ path, refId }: { path: string; refId: string }) {
  return (
    <EmptyState
      title={`No commit on ${refId} changed ${path}`}
      description="An uncommitted change has no history yet: commit it first. Or pick another ref above, where the path may have been changed."
    />
  );
}

/** The History page without a path: it was opened from an address that names nothing. */
export function NoHistoryPath({ repoId }: { repoId: string }) {
  return (
    <EmptyState
      title="No path given"
      description="History shows the commits that changed one object or folder: open it from a row of the objects listing, or from an object's page."
    >
      <Button asChild size="sm" variant="outline">
        <RouterLink to="/repositories/$repoId/objects" params={{ repoId }}>
          Browse objects
        </RouterLink>
      </Button>
    </EmptyState>
  );
}

const column = listColumnHelper<PathVersion>();

function versionColumns(screen: PathHistoryActorRef, list: PagedListActorRef<PathVersion>, repoId: string, prefix: boolean): ListColumn<PathVersion>[] {
  return [
    column.display({
      id: 'pick',
      header: 'Pick',
      meta: { width: '3.5rem', align: 'center' },
      cell: ({ row }) => <PickCell screen={screen} version={row.original} position={row.index} />,
    }),
    column.display({
      id: 'message',
      header: 'Message',
      meta: { width: '26%' },
      cell: ({ row }) => (
        <Link asChild fontWeight="medium" title={commitMessage(row.original.commit.message)}>
          <RouterLink to="/repositories/$repoId/commits/$commitId" params={{ repoId, commitId: row.original.commit.id }}>
            {commitMessage(row.original.commit.message)}
          </RouterLink>
        </Link>
      ),
    }),
    column.display({
      id: 'committer',
      header: 'Committer',
      meta: { width: '12%' },
      cell: ({ row }) => <Committer name={row.original.commit.committer} />,
    }),
    column.display({
      id: 'time',
      header: 'Time',
      meta: { width: '12%' },
      cell: ({ row }) => <RelativeDate unixSeconds={row.original.commit.creation_date} />,
    }),
    column.display({
      id: 'commit',
      header: 'Commit ID',
      meta: { width: '14%' },
      cell: ({ row }) => (
        <HStack gap="1">
          <Link asChild fontFamily="mono" fontSize="sm">
            <RouterLink to="/repositories/$repoId/commits/$commitId" params={{ repoId, commitId: row.original.commit.id }}>
              {shortCommitId(row.original.commit.id)}
            </RouterLink>
          </Link>
          <CopyButton value={row.original.commit.id} label={`ID of commit ${shortCommitId(row.original.commit.id)}`} />
        </HStack>
      ),
    }),
    prefix
      ? column.display({
          id: 'changes',
          header: 'Changes under the folder',
          meta: { width: '20%' },
          cell: ({ row }) => <PrefixChanges version={row.original} />,
        })
      : column.display({
          id: 'version',
          header: 'Size · Checksum',
          meta: { width: '20%' },
          cell: ({ row }) => <ObjectVersion version={row.original} />,
        }),
    column.display({
      id: 'actions',
      header: 'Actions',
      meta: { width: '16%', align: 'end' },
      cell: ({ row }) => <VersionActions screen={screen} list={list} repoId={repoId} version={row.original} position={row.index} />,
    }),
  ];
}

function ObjectVersion({ version }: { version: PathVersion }) {
  const { state } = version;
  if (state.kind === 'deleted') return <Text color="red.fg">deleted</Text>;
  if (state.kind !== 'object') return null;
  return (
    <Text fontSize="sm" truncate>
      <span title={`${state.size} bytes`}>{formatSize(state.size)}</span>
      {' · '}
      <Text as="span" fontFamily="mono" color="fg.muted" title={state.checksum}>
        {state.checksum.slice(0, 12)}
      </Text>
    </Text>
  );
}

function countText(counts: PrefixCounts): string {
  const plus = counts.capped ? '+' : '';
  if (counts.capped) {
    const total = counts.added + counts.changed + counts.removed;
    return `${formatCount(total)}${plus} objects changed`;
  }
  return `${formatCount(counts.added)} added · ${formatCount(counts.changed)} changed · ${formatCount(counts.removed)} removed`;
}

function PrefixChanges({ version }: { version: PathVersion }) {
  const { state } = version;
  if (state.kind !== 'prefix') return null;
  if (!state.counts) {
    return (
      <Text fontSize="sm" color="fg.muted">
        first commit
      </Text>
    );
  }
  const { counts } = state;
  return (
    <Text
      fontSize="sm"
      title={counts.capped ? `Counting stopped here: at least ${counts.added} added, ${counts.changed} changed, ${counts.removed} removed` : undefined}
    >
      {countText(counts)}
    </Text>
  );
}

function PickCell({ screen, version, position }: { screen: PathHistoryActorRef; version: PathVersion; position: number }) {
  const picked = useSelector(screen, (s) => s.context.picked.some((p) => p.version.commit.id === version.commit.id));
  return (
    <input
      type="checkbox"
      checked={picked}
      aria-label={`Pick version ${shortCommitId(version.commit.id)} to compare`}
      onChange={() => screen.send({ type: 'version.toggle', picked: { version, position } })}
    />
  );
}

interface VersionActionsProps {
  screen: PathHistoryActorRef;
  repoId: string;
  version: PathVersion;
  /** The listed versions, where the one before this one is found once loaded. */
  list: PagedListActorRef<PathVersion>;
  position: number;
}

function VersionActions({ screen, list, repoId, version, position }: VersionActionsProps) {
  const context = useSelector(screen, (s) => s.context);
  const older = useSelector(list, (s) => s.context.rows[position + 1]);
  const refusal = restoreRefusal(context, version);
  const name = shortCommitId(version.commit.id);
  return (
    <HStack gap="1" justify="end">
      {older && (
        <Button
          size="xs"
          variant="ghost"
          aria-label={`Compare ${name} with the version before`}
          title="Compare with previous"
          onClick={() => screen.send({ type: 'compare.previous', newer: { version, position }, older: { version: older, position: position + 1 } })}
        >
          <LuGitCompare />
        </Button>
      )}
      {!isPrefix(context.path) && (
        <PermittedButton
          action="fs:WriteObject"
          resource={arn.object(repoId, context.path)}
          size="xs"
          variant="outline"
          disabled={refusal !== undefined}
          title={refusal ?? 'Restore this version onto a branch'}
          aria-label={`Restore version ${name}`}
          onClick={() => screen.send({ type: 'restore.request', version })}
        >
          <LuUndo2 />
          Restore
        </PermittedButton>
      )}
    </HStack>
  );
}

/** The picked versions and the button that compares them. */
function CompareBar({ screen }: { screen: PathHistoryActorRef }) {
  const picked = useSelector(screen, (s) => s.context.picked);
  const canCompare = useSelector(screen, (s) => s.can({ type: 'compare.picked' }));
  return (
    <HStack gap="3">
      <Button size="sm" variant="outline" disabled={!canCompare} onClick={() => screen.send({ type: 'compare.picked' })}>
        <LuGitCompare />
        Compare picked versions
      </Button>
      <Text fontSize="sm" color="fg.muted">
        {picked.length === 2
          ? `${shortCommitId(picked[0]!.version.commit.id)} and ${shortCommitId(picked[1]!.version.commit.id)} picked.`
          : `Pick two versions to compare (${picked.length} of 2 picked), or compare one with the version before it.`}
      </Text>
    </HStack>
  );
}



function RestoreReceipt({ screen, repoId }: { screen: PathHistoryActorRef; repoId: string }) {
  const receipt = useSelector(screen, (s) => s.context.receipt);
  if (!receipt) return null;
  return (
    <Receipt
      label="Version restored"
      title={`Restored ${receipt.path} as of ${shortCommitId(receipt.commitId)} (${formatDate(receipt.creationDate)}) onto ${receipt.branch}`}
      onDismiss={() => screen.send({ type: 'receipt.dismiss' })}
    >
      <HStack gap="4">
        <Link asChild>
          <RouterLink to="/repositories/$repoId/changes" params={{ repoId }} search={{ ref: receipt.branch }}>
            Uncommitted changes of {receipt.branch}
          </RouterLink>
        </Link>
        <Link asChild>
          <RouterLink to="/repositories/$repoId/object" params={{ repoId }} search={{ ref: receipt.branch, path: receipt.path }}>
            Open {receipt.path} on {receipt.branch}
          </RouterLink>
        </Link>
      </HStack>
    </Receipt>
  );
}
