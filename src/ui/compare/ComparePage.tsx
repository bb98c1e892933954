import type { ReactNode } from 'react';
import { Alert, Button, Flex, Heading, IconButton, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { LuArrowLeftRight, LuGitMerge, LuGitPullRequestCreate, LuRefreshCw } from 'react-icons/lu';
import type { Repository, ResolvedRef } from '../../api/types';
import type { CompareActorRef } from '../../machines/compare/machine';
import type { MergeActorRef } from '../../machines/merge/machine';
import { arn } from '../../lib/permission-names';
import { EmptyState } from '../components/EmptyState';
import { PermittedButton } from '../components/PermittedButton';
import { ErrorAlert } from '../components/ErrorAlert';
import { DiffBreadcrumb } from '../diff/DiffBreadcrumb';
import { DiffTree } from '../diff/DiffTree';
import { RefSelector, type SelectedRef } from '../refs';
import { MergeDialog } from './MergeDialog';

export interface CompareToolbarProps {
  repo: Repository;
  base: ResolvedRef;
  /** The compared ref as chosen (resolved when it could be), or null before one is chosen. */
  compared: SelectedRef | null;
  onSelectBase: (ref: string) => void;
  onSelectCompared: (ref: string) => void;
  onSwitch: () => void;
  onRefresh: () => void;
  /** The Merge button, where both refs are branches (a link to open a pull request for them goes beside it). */
  merge?: ReactNode;
}

/** 'Base ' and 'Compared to ' pickers, 'Switch directions', refresh, and the Merge button when it applies. */
export function CompareToolbar({ repo, base, compared, onSelectBase, onSelectCompared, onSwitch, onRefresh, merge }: CompareToolbarProps) {
  return (
    <Flex role="group" aria-label="Compare toolbar" gap="3" align="center" wrap="wrap">
      <RefSelector
        repoId={repo.id}
        selected={{ id: base.id, kind: base.kind }}
        labelPrefix="Base "
        defaultBranch={repo.default_branch}
        onSelect={(ref) => onSelectBase(ref.id)}
      />
      <IconButton size="sm" variant="ghost" aria-label="Switch directions" title="Switch directions" disabled={!compared} onClick={onSwitch}>
        <LuArrowLeftRight />
      </IconButton>
      <RefSelector
        repoId={repo.id}
        selected={compared}
        labelPrefix="Compared to "
        placeholder="Compare with..."
        defaultBranch={repo.default_branch}
        onSelect={(ref) => onSelectCompared(ref.id)}
      />
      <IconButton size="sm" variant="ghost" aria-label="Refresh" onClick={onRefresh}>
        <LuRefreshCw />
      </IconButton>
      {merge && (
        <Flex ms="auto" gap="2">
          {compared && compared.id !== base.id && <CreatePullRequestLink repoId={repo.id} dest={base.id} source={compared.id} />}
          {merge}
        </Flex>
      )}
    </Flex>
  );
}

/** Opens the pull-request form for the two branches compared: the base is its destination. */
function CreatePullRequestLink({ repoId, dest, source }: { repoId: string; dest: string; source: string }) {
  return (
    <Button asChild size="sm" variant="outline">
      <RouterLink to="/repositories/$repoId/pulls/create" params={{ repoId }} search={{ ref: dest, compare: source }}>
        <LuGitPullRequestCreate />
        Create pull request
      </RouterLink>
    </Button>
  );
}

export interface MergeButtonProps {
  merge: MergeActorRef | undefined;
  repoId: string;
  /** The branch merged into (the base). */
  dest: string;
}

/**
 * Merge is offered between two branches only; the merge machine says when it can start. A merge writes a commit on
 * the destination: the server's merge requirement on that branch.
 */
export function MergeButton({ merge, repoId, dest }: MergeButtonProps) {
  const canMerge = useSelector(merge, (s) => s?.can({ type: 'merge.open' }) ?? false);
  return (
    <PermittedButton
      action="fs:CreateCommit"
      resource={arn.branch(repoId, dest)}
      size="sm"
      colorPalette="tarn"
      disabled={!canMerge}
      onClick={() => merge?.send({ type: 'merge.open' })}
    >
      <LuGitMerge />
      Merge
    </PermittedButton>
  );
}

/** Both pickers name the same ref. */
export function NothingToCompare() {
  return (
    <Alert.Root status="warning">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>There isn’t anything to compare.</Alert.Title>
        <Alert.Description>Choose two different sources: a base, and another ref to compare with it.</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

export interface CompareStateProps {
  /** Why there is no tree: nothing chosen yet, or the comparison failed. */
  error?: unknown;
  onRetry?: () => void;
}

/** What the screen shows instead of the tree before a comparison can be read. */
export function CompareUnavailable({ error, onRetry }: CompareStateProps) {
  if (error !== undefined) return <ErrorAlert error={error} onRetry={onRetry} />;
  return <Text color="fg.muted">Choose a ref to compare with the base.</Text>;
}

export interface CompareChangesProps {
  screen: CompareActorRef;
  base: string;
  compared: string;
  prefix: string;
  onNavigate: (prefix: string) => void;
}

/** The changes of the compared ref since it split from the base, as a tree from the URL's folder, and the merge. */
export function CompareChanges({ screen, base, compared, prefix, onNavigate }: CompareChangesProps) {
  const { tree, merge } = useSelector(screen, (s) => s.children);
  if (!tree || !merge) return null;
  return (
    <Stack gap="3">
      <Heading as="h3" size="md">
        Showing changes between {base} and {compared}
      </Heading>
      <DiffBreadcrumb rootLabel={`${base}...${compared}`} prefix={prefix} onNavigate={onNavigate} />
      <DiffTree
        tree={tree}
        label={`Changes between ${base} and ${compared}`}
        onOpenFolder={onNavigate}
        empty={
          <EmptyState
            title="No changes"
            description={prefix ? `Nothing under ${prefix} differs.` : `${compared} has no changes against ${base}.`}
          />
        }
      />
      <MergeDialog merge={merge} />
    </Stack>
  );
}
