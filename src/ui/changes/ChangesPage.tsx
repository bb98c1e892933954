import { Box, Flex, HStack, IconButton, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { LuGitCommitHorizontal, LuRefreshCw, LuUndo2 } from 'react-icons/lu';
import type { Diff, Repository } from '../../api/types';
import type { ChangesActorRef } from '../../machines/changes/machine';
import type { CommitActorRef } from '../../machines/commit/machine';
import type { RevertActorRef, RevertTarget } from '../../machines/revert/machine';
import { protectedBranchReason } from '../../lib/branch-protection';
import { shortCommitId } from '../../lib/format';
import { arn } from '../../lib/permission-names';
import { EmptyState } from '../components/EmptyState';
import { PermittedButton, PermittedIconButton, type Needs } from '../components/PermittedButton';
import { Receipt } from '../components/Receipt';
import { ChangeSummary } from '../diff/ChangeSummary';
import { DiffBreadcrumb } from '../diff/DiffBreadcrumb';
import { DiffTree } from '../diff/DiffTree';
import { ProtectedBadge, RefSelector } from '../refs';
import { lazyDialog } from '../components/lazyDialog';

// Fetched after the first paint (lazyDialog): the page shows the changes first, and many visits neither commit nor revert.
const CommitDialog = lazyDialog(
  () => import('./CommitDialog').then((m) => m.CommitDialog),
  ({ actor }) => useSelector(actor, (s) => !s.matches('closed')),
);
const RevertDialog = lazyDialog(
  () => import('./RevertDialog').then((m) => m.RevertDialog),
  ({ actor }) => useSelector(actor, (s) => !s.matches('idle') && s.context.target !== null),
);

export interface ChangesPageProps {
  screen: ChangesActorRef;
  repo: Repository;
  branch: string;
  prefix: string;
  onNavigate: (prefix: string) => void;
  onSelectBranch: (branch: string) => void;
}

/** Uncommitted changes of a branch: the tree, per-entry revert, Revert all and Commit. */
export function ChangesPage({ screen, repo, branch, prefix, onNavigate, onSelectBranch }: ChangesPageProps) {
  const { tree, commit, revert, summary } = useSelector(screen, (s) => s.children);
  const receipt = useSelector(screen, (s) => s.context.receipt);
  const protectedBranch = useSelector(screen, (s) => s.context.protectedBranch);
  const readOnly = repo.read_only === true;
  if (!tree || !commit || !revert || !summary) return null;
  // Every revert, of the branch or of one path, resets the branch (PUT /branches/{branch}).
  const revertNeeds: Needs = { action: 'fs:RevertBranch', resource: arn.branch(repo.id, branch) };
  const commitNeeds: Needs = { action: 'fs:CreateCommit', resource: arn.branch(repo.id, branch) };

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
        {protectedBranch && <ProtectedBadge branch={branch} />}
        <IconButton size="sm" variant="ghost" aria-label="Refresh" onClick={() => screen.send({ type: 'changes.refresh' })}>
          <LuRefreshCw />
        </IconButton>
        {/* Takes the free width of the toolbar, so a failed count's alert does not push the actions away; never less
            than its button, so a narrow window wraps the toolbar instead of laying the button over the actions. */}
        <Box flex="1">
          <ChangeSummary summary={summary} subject={prefix || branch} />
        </Box>
        <HStack ms="auto" gap="2">
          <RevertAllButton revert={revert} needs={revertNeeds} />
          <CommitButton commit={commit} needs={commitNeeds} />
        </HStack>
      </Flex>
      {readOnly && (
        <Text color="fg.muted" fontSize="sm">
          This repository is read-only: changes cannot be committed or reverted.
        </Text>
      )}
      {protectedBranch && !readOnly && (
        <Text color="fg.muted" fontSize="sm">
          {protectedBranchReason(branch)}
        </Text>
      )}
      {receipt?.kind === 'commit' && (
        <Receipt
          label="Commit made"
          title={
            <>
              Committed{' '}
              <Link asChild fontFamily="mono">
                <RouterLink to="/repositories/$repoId/commits/$commitId" params={{ repoId: repo.id, commitId: receipt.commit.id }}>
                  {shortCommitId(receipt.commit.id)}
                </RouterLink>
              </Link>{' '}
              to {branch}
            </>
          }
          onDismiss={() => screen.send({ type: 'receipt.dismiss' })}
        >
          {receipt.commit.message}
        </Receipt>
      )}
      {receipt?.kind === 'revert' && (
        <Receipt label="Changes reverted" title={revertedText(receipt.target, branch)} onDismiss={() => screen.send({ type: 'receipt.dismiss' })}>
          <Link asChild>
            <RouterLink to="/repositories/$repoId/objects" params={{ repoId: repo.id }} search={{ ref: branch }}>
              Browse {branch} as committed
            </RouterLink>
          </Link>
        </Receipt>
      )}
      <DiffBreadcrumb rootLabel={branch} prefix={prefix} onNavigate={onNavigate} />
      <DiffTree
        tree={tree}
        label={`Uncommitted changes of ${branch}`}
        onOpenFolder={onNavigate}
        rowActions={(entry) => <RevertEntryButton revert={revert} entry={entry} needs={revertNeeds} />}
        empty={
          <EmptyState
            title="No changes here"
            description={prefix ? `Nothing under ${prefix} differs from the last commit.` : `Branch ${branch} has no uncommitted changes.`}
          />
        }
      />
      <CommitDialog actor={commit} />
      <RevertDialog actor={revert} />
    </Stack>
  );
}

function CommitButton({ commit, needs }: { commit: CommitActorRef; needs: Needs }) {
  const canCommit = useSelector(commit, (s) => s.can({ type: 'commit.open' }));
  return (
    <PermittedButton
      {...needs}
      size="sm"
      colorPalette="tarn"
      aria-label="Commit Changes"
      disabled={!canCommit}
      onClick={() => commit.send({ type: 'commit.open' })}
    >
      <LuGitCommitHorizontal />
      Commit Changes
    </PermittedButton>
  );
}

const useCanRevert = (revert: RevertActorRef) =>
  useSelector(revert, (s) => s.can({ type: 'revert.request', target: { type: 'reset' } }));

function RevertAllButton({ revert, needs }: { revert: RevertActorRef; needs: Needs }) {
  const canRevert = useCanRevert(revert);
  return (
    <PermittedButton
      {...needs}
      size="sm"
      variant="outline"
      colorPalette="red"
      disabled={!canRevert}
      onClick={() => revert.send({ type: 'revert.request', target: { type: 'reset' } })}
    >
      <LuUndo2 />
      Revert
    </PermittedButton>
  );
}

function RevertEntryButton({ revert, entry, needs }: { revert: RevertActorRef; entry: Diff; needs: Needs }) {
  const canRevert = useCanRevert(revert);
  return (
    <PermittedIconButton
      {...needs}
      size="xs"
      variant="ghost"
      aria-label={`Revert ${entry.path}`}
      title="Revert this change"
      disabled={!canRevert}
      onClick={() => revert.send({ type: 'revert.request', target: { type: entry.path_type, path: entry.path } })}
    >
      <LuUndo2 />
    </PermittedIconButton>
  );
}

/** What a revert put back, in the receipt's words. */
function revertedText(target: RevertTarget, branch: string): string {
  if (target.type === 'reset') return `Reverted every uncommitted change of ${branch}`;
  if (target.type === 'object') return `Reverted the uncommitted change to ${target.path} on ${branch}`;
  return `Reverted the uncommitted changes under ${target.path} on ${branch}`;
}
