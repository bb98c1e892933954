import { lazy, Suspense, type ReactNode } from 'react';
import { Button, Card, Code, Flex, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { LuGitPullRequest, LuGitPullRequestClosed, LuPencil } from 'react-icons/lu';
import type { PullRequest, Repository } from '../../api/types';
import { formatDate, formatRelativeTime, shortCommitId } from '../../lib/format';
import { arn } from '../../lib/permission-names';
import type { PullRequestActorRef } from '../../machines/pull-request/machine';
import { MergeButton } from '../compare/ComparePage';
import { lazyDialog } from '../components/lazyDialog';
import { MergeStatus } from '../compare/MergeStatus';
import { EmptyState } from '../components/EmptyState';
import { ErrorAlert } from '../components/ErrorAlert';
import { PermittedButton } from '../components/PermittedButton';
import { Loading } from '../components/Loading';
import { PullRequestFields } from './PullRequestFields';
import { PullRequestStatusBadge } from './PullRequestStatusBadge';

// Loaded when there is a description to render: the markdown code is none of the page's first paint.
const RepositoryMarkdown = lazy(() => import('../viewer/RepositoryMarkdown').then((m) => ({ default: m.RepositoryMarkdown })));
// Fetched after the first paint (lazyDialog): the merge form, its conflict choices and their diffs are none of the page's first paint.
const MergeDialog = lazyDialog(
  () => import('../compare/MergeDialog').then((m) => m.MergeDialog),
  ({ merge }) => useSelector(merge, (s) => !s.matches('idle')),
);

export interface PullRequestPageProps {
  repo: Repository;
  screen: PullRequestActorRef;
  /** The changes the pull request brings (or brought, once merged), or why they cannot be shown. */
  changes: ReactNode;
}

/** A branch of the pull request, opening the objects browser on it. */
function BranchLink({ repoId, branch }: { repoId: string; branch: string }) {
  return (
    <Link asChild>
      <RouterLink to="/repositories/$repoId/objects" params={{ repoId }} search={{ ref: branch }}>
        <Code>{branch}</Code>
      </RouterLink>
    </Link>
  );
}

/** Who proposes what: "alice wants to merge dev into main", or once merged, the merge commit. */
function Byline({ repoId, pull }: { repoId: string; pull: PullRequest }) {
  const source = <BranchLink repoId={repoId} branch={pull.source_branch} />;
  const destination = <BranchLink repoId={repoId} branch={pull.destination_branch} />;
  if (pull.status === 'merged') {
    return (
      <Text>
        Merged {source} into {destination}
        {pull.merged_commit_id && (
          <>
            {' '}
            as commit{' '}
            <Link asChild fontFamily="mono">
              <RouterLink to="/repositories/$repoId/commits/$commitId" params={{ repoId, commitId: pull.merged_commit_id }}>
                {shortCommitId(pull.merged_commit_id)}
              </RouterLink>
            </Link>
          </>
        )}
        {pull.closed_date && ` ${formatRelativeTime(pull.closed_date)}`}; opened by {pull.author}.
      </Text>
    );
  }
  return (
    <Text>
      {pull.author} {pull.status === 'open' ? 'wants' : 'wanted'} to merge {source} into {destination}
      {pull.status === 'closed' && pull.closed_date && `; closed ${formatRelativeTime(pull.closed_date)}`}.
    </Text>
  );
}

function Description({ repoId, pull }: { repoId: string; pull: PullRequest }) {
  return (
    <Card.Root variant="outline" as="section" aria-label="Description">
      <Card.Header py="3">
        <Text color="fg.muted" fontSize="sm">
          Opened by {pull.author} on {formatDate(pull.creation_date)} ({formatRelativeTime(pull.creation_date)})
        </Text>
      </Card.Header>
      <Card.Body pt="0">
        {pull.description.trim() === '' ? (
          <Text color="fg.muted">No description.</Text>
        ) : (
          <Suspense fallback={<Loading label="Rendering..." />}>
            {/* Relative links in the description point at the objects the pull request proposes (or merged). */}
            <RepositoryMarkdown repoId={repoId} refId={pull.merged_commit_id ?? pull.source_branch} path="" source={pull.description} />
          </Suspense>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function EditForm({ screen }: { screen: PullRequestActorRef }) {
  const { draftTitle, draftDescription } = useSelector(screen, (s) => s.context);
  const busy = useSelector(screen, (s) => s.hasTag('busy'));
  const canSave = useSelector(screen, (s) => s.can({ type: 'edit.save' }));
  return (
    <Stack
      as="form"
      aria-label="Edit pull request"
      gap="4"
      maxW="3xl"
      onSubmit={(event) => {
        event.preventDefault();
        screen.send({ type: 'edit.save' });
      }}
    >
      <PullRequestFields
        title={draftTitle}
        description={draftDescription}
        disabled={busy}
        onTitle={(value) => screen.send({ type: 'edit.title', value })}
        onDescription={(value) => screen.send({ type: 'edit.description', value })}
      />
      <HStack gap="2">
        <Button type="submit" size="sm" colorPalette="tarn" disabled={!canSave && !busy} loading={busy} loadingText="Saving...">
          Save
        </Button>
        <Button size="sm" variant="outline" disabled={busy} onClick={() => screen.send({ type: 'edit.cancel' })}>
          Cancel
        </Button>
      </HStack>
    </Stack>
  );
}

/** A pull request: its title and status, who proposes what, its description and changes, merge, close and reopen. */
export function PullRequestPage({ repo, screen, changes }: PullRequestPageProps) {
  const pull = useSelector(screen, (s) => s.context.pull);
  const error = useSelector(screen, (s) => s.context.error);
  const editing = useSelector(screen, (s) => s.matches('editing') || s.matches('saving'));
  const busy = useSelector(screen, (s) => s.hasTag('busy'));
  const merge = useSelector(screen, (s) => s.children.merge);
  const writePull = { action: 'pr:WritePullRequest', resource: arn.repository(repo.id) };
  return (
    <Stack gap="5">
      {editing ? (
        <EditForm screen={screen} />
      ) : (
        <Stack gap="2">
          <Flex gap="3" align="center" wrap="wrap">
            <Heading as="h2" size="lg" wordBreak="break-word">
              {pull.title}
            </Heading>
            <PullRequestStatusBadge status={pull.status} size="lg" />
            <PermittedButton {...writePull} size="xs" variant="ghost" ms="auto" disabled={busy} onClick={() => screen.send({ type: 'edit.start' })}>
              <LuPencil />
              Edit
            </PermittedButton>
          </Flex>
          <Byline repoId={repo.id} pull={pull} />
        </Stack>
      )}
      {error !== null && <ErrorAlert error={error} />}
      {!editing && pull.status !== 'merged' && (
        <Flex role="group" aria-label="Pull request actions" gap="2" wrap="wrap">
          {pull.status === 'open' && (
            <>
              <MergeButton merge={merge} repoId={repo.id} dest={pull.destination_branch} />
              <PermittedButton {...writePull} size="sm" variant="outline" loading={busy} onClick={() => screen.send({ type: 'pull.close' })}>
                <LuGitPullRequestClosed />
                Close pull request
              </PermittedButton>
            </>
          )}
          {pull.status === 'closed' && (
            <PermittedButton {...writePull} size="sm" variant="outline" loading={busy} onClick={() => screen.send({ type: 'pull.reopen' })}>
              <LuGitPullRequest />
              Reopen pull request
            </PermittedButton>
          )}
        </Flex>
      )}
      {!editing && pull.status === 'open' && merge && <MergeStatus merge={merge} />}
      {!editing && <Description repoId={repo.id} pull={pull} />}
      {changes}
      {merge && <MergeDialog merge={merge} />}
    </Stack>
  );
}

/** The address names no pull request of this repository. */
export function PullRequestNotFound({ repoId, pullId }: { repoId: string; pullId: string }) {
  return (
    <EmptyState title="Pull request not found" description={`This repository has no pull request ${pullId}.`}>
      <Button asChild size="sm" variant="outline">
        <RouterLink to="/repositories/$repoId/pulls" params={{ repoId }} search={{ status: 'all' }}>
          See all pull requests
        </RouterLink>
      </Button>
    </EmptyState>
  );
}
