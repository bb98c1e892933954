import { useMemo } from 'react';
import { Badge, HStack, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { Ref } from '../../api/types';
import { shortCommitId } from '../../lib/format';
import type { BranchSummariesActorRef } from '../../machines/branch-summaries/machine';
import type { RefsPageActorRef } from '../../machines/refs-page/machine';
import { CopyButton } from '../components/CopyButton';
import { listColumnHelper, type ListColumn } from '../components/listTable';
import { lakefsRefUri } from './refUris';
import type { BranchProtection } from '../../lib/branch-protection';
import { useBranchProtection } from '../repository/RepositoryContext';
import { BranchDistance, BranchSummariesError, BranchUpdated, MergedBadge } from './BranchSummaryCells';
import { ProtectedBadge } from './ProtectedBadge';
import { DeleteRefButton, EmptyRefs, RefsScreen, type RefsScreenProps } from './RefsScreen';

const column = listColumnHelper<Ref>();

function branchColumns(
  repoId: string,
  defaultBranch: string,
  protection: BranchProtection,
  screen: RefsPageActorRef,
  summaries: BranchSummariesActorRef | null,
): ListColumn<Ref>[] {
  return [
    column.accessor('id', {
      header: 'Branch',
      meta: { width: '30%' },
      cell: (info) => (
        <HStack gap="2" minW="0">
          <Link asChild fontWeight="semibold" colorPalette="tarn" color="colorPalette.fg" truncate>
            <RouterLink to="/repositories/$repoId/objects" params={{ repoId }} search={{ ref: info.getValue() }} title={info.getValue()}>
              {info.getValue()}
            </RouterLink>
          </Link>
          {info.getValue() === defaultBranch && (
            <Badge size="sm" colorPalette="gray">
              Default
            </Badge>
          )}
          {protection.covers(info.getValue()) && <ProtectedBadge branch={info.getValue()} />}
          {summaries && <MergedBadge summaries={summaries} id={info.getValue()} defaultBranch={defaultBranch} />}
        </HStack>
      ),
    }),
    column.display({
      id: 'updated',
      header: 'Updated',
      meta: { width: '18%' },
      cell: (info) => summaries && <BranchUpdated summaries={summaries} id={info.row.original.id} />,
    }),
    column.display({
      id: 'distance',
      header: `Compared with ${defaultBranch}`,
      meta: { width: '22%' },
      cell: (info) => summaries && <BranchDistance summaries={summaries} id={info.row.original.id} defaultBranch={defaultBranch} />,
    }),
    column.accessor('commit_id', {
      header: 'Head commit',
      meta: { width: '16%' },
      cell: (info) => (
        <Link asChild fontFamily="mono" fontSize="sm">
          <RouterLink to="/repositories/$repoId/commits/$commitId" params={{ repoId, commitId: info.getValue() }}>
            {shortCommitId(info.getValue())}
          </RouterLink>
        </Link>
      ),
    }),
    column.display({
      id: 'actions',
      header: () => <Text srOnly>Actions</Text>,
      meta: { width: '14%', align: 'end' },
      cell: (info) => {
        const id = info.row.original.id;
        return (
          <HStack gap="1" justify="end">
            <CopyButton value={lakefsRefUri(repoId, id)} label={`URI of branch ${id}`} />
            {id !== defaultBranch && <DeleteRefButton screen={screen} kind="branch" repoId={repoId} id={id} />}
          </HStack>
        );
      },
    }),
  ];
}

export type BranchesPageProps = Omit<RefsScreenProps, 'columns' | 'searchLabel' | 'createLabel' | 'empty' | 'notice' | 'children'>;

/** The repository's branches (docs/behaviour.md, Branches and tags). */
export function BranchesPage(props: BranchesPageProps) {
  const { repo, screen } = props;
  const defaultBranch = useSelector(screen, (s) => s.context.defaultBranch);
  const summaries = useSelector(screen, (s) => s.context.summaries);
  const protection = useBranchProtection();
  const columns = useMemo(
    () => branchColumns(repo.id, defaultBranch, protection, screen, summaries),
    [repo.id, defaultBranch, protection, screen, summaries],
  );
  return (
    <RefsScreen
      {...props}
      columns={columns}
      searchLabel="Find branch"
      createLabel="Create Branch"
      empty={<EmptyRefs>No branches match.</EmptyRefs>}
      notice={summaries && <BranchSummariesError summaries={summaries} />}
    >
      <Text color="fg.muted" fontSize="sm">
        A branch is a movable pointer to a commit, as in Git, with its own uncommitted changes on top. Creating a
        branch copies no data: it starts at its source&apos;s commit and shares every object with it, so you can
        change, test and commit in isolation, then merge the branch back, or simply delete it.
      </Text>
    </RefsScreen>
  );
}
