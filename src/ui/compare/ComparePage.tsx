import type { ReactNode } from 'react';
import { Alert, Button, Flex, Heading, HStack, IconButton, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { LuArrowLeftRight, LuGitCommitHorizontal, LuGitMerge, LuGitPullRequestCreate, LuRefreshCw } from 'react-icons/lu';
import type { Commit, Repository, ResolvedRef } from '../../api/types';
import { commitMessage, formatCount, shortCommitId } from '../../lib/format';
import type { ChangeSummaryActorRef } from '../../machines/change-summary/machine';
import type { CommitsSource, CompareActorRef, CompareView } from '../../machines/compare/machine';
import type { MergeActorRef } from '../../machines/merge/machine';
import type { PagedListActorRef } from '../../machines/paged-list';
import { arn } from '../../lib/permission-names';
import { ChoiceButtons } from '../components/ChoiceButtons';
import { Committer } from '../components/Committer';
import { EmptyState } from '../components/EmptyState';
import { Loading } from '../components/Loading';
import { RelativeDate } from '../components/RelativeDate';
import { usePagedList } from '../components/usePagedList';
import { ChangeSummary } from '../diff/ChangeSummary';
import { PermittedButton } from '../components/PermittedButton';
import { ErrorAlert } from '../components/ErrorAlert';
import { DiffBreadcrumb } from '../diff/DiffBreadcrumb';
import { DiffTree } from '../diff/DiffTree';
import { RefSelector, type SelectedRef } from '../refs';
import { lazyDialog } from '../components/lazyDialog';

// Fetched after the first paint (lazyDialog): the merge form, its conflict choices and their diffs are none of the page's first paint.
const MergeDialog = lazyDialog(
  () => import('./MergeDialog').then((m) => m.MergeDialog),
  ({ merge }) => useSelector(merge, (s) => !s.matches('idle')),
);

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
  repoId: string;
  base: string;
  compared: string;
  prefix: string;
  view: CompareView;
  onNavigate: (prefix: string) => void;
  onSelectView: (view: CompareView) => void;
}

/**
 * What a merge of the compared ref into the base would bring: its commits, then its changed files counted and
 * listed (every file at once, or as a tree from the URL's folder), each with its changes a click away; and the merge.
 */
export function CompareChanges({ screen, repoId, base, compared, prefix, view, onNavigate, onSelectView }: CompareChangesProps) {
  const { tree, merge, commits, summary } = useSelector(screen, (s) => s.children);
  if (!tree || !merge) return null;
  return (
    <Stack gap="5">
      {commits && <CompareCommits list={commits} repoId={repoId} base={base} compared={compared} />}
      <Stack gap="3">
        <Flex gap="3" align="center" wrap="wrap">
          <Heading as="h3" size="md">
            {summary ? <ChangedFilesCount summary={summary} /> : 'Changed files'}
          </Heading>
          {summary && <ChangeSummary summary={summary} subject={`${base}...${compared}`} />}
          <ChoiceButtons size="xs" ms="auto" label="Changes view" choices={COMPARE_VIEWS} value={view} onSelect={onSelectView} />
        </Flex>
        <Text color="fg.muted" fontSize="sm">
          Showing changes between {base} and {compared}
        </Text>
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
      </Stack>
      <MergeDialog merge={merge} />
    </Stack>
  );
}

const COMPARE_VIEWS: ReadonlyArray<[CompareView, string]> = [
  ['files', 'Files'],
  ['tree', 'Tree'],
];

/** "N files changed" once counted; past the count's cap, "N+ files changed". */
function ChangedFilesCount({ summary }: { summary: ChangeSummaryActorRef }) {
  const counts = useSelector(summary, (s) => s.context.summary);
  if (!counts) return <>Changed files</>;
  const n = counts.total;
  const capped = counts.resumeAfter !== undefined;
  return (
    <>
      {formatCount(n)}
      {capped ? '+' : ''} {n === 1 && !capped ? 'file' : 'files'} changed
    </>
  );
}

interface CompareCommitsProps {
  list: PagedListActorRef<Commit, CommitsSource>;
  repoId: string;
  base: string;
  compared: string;
}

/** The commits the compared ref has and the base lacks, newest first, a page at a time. */
function CompareCommits({ list, repoId, base, compared }: CompareCommitsProps) {
  const { view, table, retry } = usePagedList(list);
  const count = view.rows.length;
  const heading = view.loading ? 'Commits' : `${formatCount(count)}${view.hasMore ? '+' : ''} ${count === 1 && !view.hasMore ? 'commit' : 'commits'}`;
  return (
    <Stack gap="2" as="section" aria-label={`Commits on ${compared} that ${base} lacks`}>
      <Heading as="h3" size="md">
        {heading}
      </Heading>
      {view.loading ? (
        <Loading label="Loading commits..." />
      ) : view.failed ? (
        <ErrorAlert error={view.error} onRetry={retry} />
      ) : count === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          {compared} has no commits that {base} lacks.
        </Text>
      ) : (
        <Stack as="ol" role="list" gap="0" borderWidth="1px" borderRadius="md" listStyleType="none" m="0" p="0">
          {view.rows.map((commit) => (
            <HStack as="li" key={commit.id} gap="3" px="3" minH="9" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
              <LuGitCommitHorizontal aria-hidden="true" />
              <Link asChild fontWeight="medium" truncate title={commitMessage(commit.message)} flex="1" minW="0">
                <RouterLink to="/repositories/$repoId/commits/$commitId" params={{ repoId, commitId: commit.id }}>
                  {commitMessage(commit.message)}
                </RouterLink>
              </Link>
              <Text fontSize="sm" color="fg.muted" flexShrink="0">
                <Committer name={commit.committer} />
              </Text>
              <RelativeDate unixSeconds={commit.creation_date} />
              <Text fontFamily="mono" fontSize="xs" color="fg.muted" flexShrink="0">
                {shortCommitId(commit.id)}
              </Text>
            </HStack>
          ))}
        </Stack>
      )}
      {view.moreFailed && <ErrorAlert error={view.error} onRetry={retry} />}
      {view.hasMore && !view.moreFailed && (
        <Button size="xs" variant="ghost" alignSelf="start" loading={view.loadingMore} onClick={table.onLoadMore}>
          Load more commits
        </Button>
      )}
    </Stack>
  );
}
