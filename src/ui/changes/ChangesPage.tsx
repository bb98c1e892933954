import { useCallback, useEffect, useState } from 'react';
import { Box, Button, Flex, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { LuGitCommitHorizontal, LuRefreshCw, LuUndo2 } from 'react-icons/lu';
import { diffBranch } from '../../api/diff';
import type { Diff, Repository } from '../../api/types';
import { PAGE_SIZE } from '../../lib/constants';
import { liveCommitMachine } from '../../machines/commit';
import { liveRevertMachine } from '../../machines/revert';
import { EmptyState } from '../components/EmptyState';
import { ChangeSummary } from '../diff/ChangeSummary';
import { DiffBreadcrumb } from '../diff/DiffBreadcrumb';
import { DiffTree, DIFF_DELIMITER } from '../diff/DiffTree';
import { RefSelector } from '../refs';
import { CommitDialog } from './CommitDialog';
import { RevertDialog } from './RevertDialog';
import { useHasChanges } from './useHasChanges';

export interface ChangesPageProps {
  repo: Repository;
  branch: string;
  prefix: string;
  onNavigate: (prefix: string) => void;
  onSelectBranch: (branch: string) => void;
  /** Something was committed or reverted: the repository's refs moved. */
  onChanged: () => void;
}

/** Uncommitted changes of a branch: the tree, per-entry revert, Revert all and Commit. */
export function ChangesPage({ repo, branch, prefix, onNavigate, onSelectBranch, onChanged }: ChangesPageProps) {
  const [version, setVersion] = useState(0);
  const hasChanges = useHasChanges(repo.id, branch, version) ?? false;
  const readOnly = repo.read_only === true;
  const machineInput = { repoId: repo.id, branch, readOnly, hasChanges: false };
  const commitActor = useActorRef(liveCommitMachine, { input: machineInput });
  const revertActor = useActorRef(liveRevertMachine, { input: machineInput });
  const canCommit = useSelector(commitActor, (s) => s.can({ type: 'commit.open' }));
  const canRevert = useSelector(revertActor, (s) => s.can({ type: 'revert.request', target: { type: 'reset' } }));

  useEffect(() => {
    commitActor.send({ type: 'changes.update', hasChanges, readOnly });
    revertActor.send({ type: 'changes.update', hasChanges, readOnly });
  }, [commitActor, revertActor, hasChanges, readOnly]);

  useEffect(() => {
    const after = () => {
      setVersion((v) => v + 1);
      onChanged();
    };
    const committed = commitActor.on('committed', after);
    const reverted = revertActor.on('reverted', after);
    return () => {
      committed.unsubscribe();
      reverted.unsubscribe();
    };
  }, [commitActor, revertActor, onChanged]);

  const fetchPage = useCallback(
    ({ prefix: under, after }: { prefix: string; after?: string }) =>
      diffBranch(repo.id, branch, { prefix: under, after, delimiter: DIFF_DELIMITER, amount: PAGE_SIZE }),
    [repo.id, branch],
  );
  const fetchAll = useCallback(
    ({ after, amount }: { after?: string; amount: number }) => diffBranch(repo.id, branch, { prefix, after, amount }),
    [repo.id, branch, prefix],
  );

  const rowActions = (entry: Diff) => (
    <IconButton
      size="xs"
      variant="ghost"
      aria-label={`Revert ${entry.path}`}
      title="Revert this change"
      disabled={!canRevert}
      onClick={() => revertActor.send({ type: 'revert.request', target: { type: entry.path_type, path: entry.path } })}
    >
      <LuUndo2 />
    </IconButton>
  );

  return (
    <Stack gap="4">
      <Flex role="group" aria-label="Changes toolbar" gap="3" align="center" wrap="wrap">
        <RefSelector
          repoId={repo.id}
          selected={{ id: branch, kind: 'branch' }}
          branchesOnly
          defaultBranch={repo.default_branch}
          onSelect={(ref) => onSelectBranch(ref.id)}
        />
        <IconButton size="sm" variant="ghost" aria-label="Refresh" onClick={() => setVersion((v) => v + 1)}>
          <LuRefreshCw />
        </IconButton>
        {/* Takes the free width of the toolbar, so a failed count's alert does not push the actions away. */}
        <Box flex="1" minW="0">
          <ChangeSummary key={`${branch}:${prefix}:${version}`} fetchPage={fetchAll} subject={prefix || branch} />
        </Box>
        <HStack ms="auto" gap="2">
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            disabled={!canRevert}
            onClick={() => revertActor.send({ type: 'revert.request', target: { type: 'reset' } })}
          >
            <LuUndo2 />
            Revert
          </Button>
          <Button
            size="sm"
            colorPalette="tarn"
            aria-label="Commit Changes"
            disabled={!canCommit}
            onClick={() => commitActor.send({ type: 'commit.open' })}
          >
            <LuGitCommitHorizontal />
            Commit Changes
          </Button>
        </HStack>
      </Flex>
      {readOnly && (
        <Text color="fg.muted" fontSize="sm">
          This repository is read-only: changes cannot be committed or reverted.
        </Text>
      )}
      <DiffBreadcrumb rootLabel={branch} prefix={prefix} onNavigate={onNavigate} />
      <DiffTree
        key={`${branch}:${version}`}
        label={`Uncommitted changes of ${branch}`}
        fetchPage={fetchPage}
        prefix={prefix}
        onOpenFolder={onNavigate}
        rowActions={rowActions}
        // `branch@` is the branch's last commit, without its staged changes.
        contentDiff={{ repoId: repo.id, leftRef: `${branch}@`, rightRef: branch }}
        empty={
          <EmptyState
            title="No changes here"
            description={prefix ? `Nothing under ${prefix} differs from the last commit.` : `Branch ${branch} has no uncommitted changes.`}
          />
        }
      />
      <CommitDialog actor={commitActor} />
      <RevertDialog actor={revertActor} />
    </Stack>
  );
}
