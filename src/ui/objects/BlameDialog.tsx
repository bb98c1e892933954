import { Fragment, type ReactNode } from 'react';
import { Box, Button, Code, Grid, HStack, Link, Portal, Text } from '@chakra-ui/react';
import { Dialog } from '../theme/deferred/dialog';
import { Link as RouterLink } from '@tanstack/react-router';
import { useActorRef } from '../../lib/root-actors';
import { useSelector } from '@xstate/react';
import type { Commit } from '../../api/types';
import { liveBlameMachine, type BlameActorRef, type BlameTarget } from '../../machines/blame';
import { commitMessage, formatDate, shortCommitId } from '../../lib/format';
import { Committer } from '../components/Committer';
import { CopyButton } from '../components/CopyButton';
import { ErrorAlert } from '../components/ErrorAlert';
import { Loading } from '../components/Loading';

export type { BlameTarget };

interface BlameShellProps {
  repoId: string;
  refId: string;
  onClose: () => void;
}

export interface BlameFlowDialogProps extends BlameShellProps {
  /** The blame read of the object or prefix (a page machine's child); the dialog is open while there is one. */
  blame: BlameActorRef | undefined;
}

/** The last commit that changed an object or a prefix (GET commits with amount 1, filtered by path). */
export function BlameFlowDialog({ repoId, refId, blame, onClose }: BlameFlowDialogProps) {
  return (
    <Dialog.Root open={blame !== undefined} onOpenChange={(details) => !details.open && onClose()} size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>{blame && <BlameContent repoId={repoId} refId={refId} blame={blame} onClose={onClose} />}</Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

export interface BlameDialogProps extends BlameShellProps {
  /** The object or prefix to blame; the dialog is open, with its own read, while it is set. */
  target: BlameTarget | undefined;
}

/** The blame dialog for a screen without a page machine (the object viewer): it starts its own read. */
export function BlameDialog({ target, ...shell }: BlameDialogProps) {
  return target ? <OwnBlame key={`${target.pathType}:${target.path}`} target={target} {...shell} /> : <BlameFlowDialog blame={undefined} {...shell} />;
}

function OwnBlame({ target, ...shell }: BlameShellProps & { target: BlameTarget }) {
  const blame = useActorRef(liveBlameMachine, { input: { repoId: shell.repoId, refId: shell.refId, target } });
  return <BlameFlowDialog blame={blame} {...shell} />;
}

function BlameContent({ repoId, refId, blame, onClose }: BlameShellProps & { blame: BlameActorRef }) {
  const snapshot = useSelector(blame, (s) => s);
  const { target, commit, error } = snapshot.context;
  const noun = target.pathType === 'common_prefix' ? 'prefix' : 'object';
  return (
    <>
      <Dialog.Header>
        <Dialog.Title>Last commit to modify {noun}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Text fontFamily="mono" fontSize="sm" mb="4" wordBreak="break-all">
          {target.path}
        </Text>
        {snapshot.matches('loading') && <Loading />}
        {snapshot.matches('failed') && <ErrorAlert error={error} onRetry={() => blame.send({ type: 'blame.retry' })} />}
        {snapshot.matches('found') && commit === undefined && (
          <Text>
            No commit found, perhaps this is an{' '}
            <Link asChild>
              <RouterLink to="/repositories/$repoId/changes" params={{ repoId }} search={{ ref: refId }}>
                uncommitted change
              </RouterLink>
            </Link>
            ?
          </Text>
        )}
        {snapshot.matches('found') && commit !== undefined && <CommitSummary repoId={repoId} commit={commit} />}
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      </Dialog.Footer>
    </>
  );
}

function CommitSummary({ repoId, commit }: { repoId: string; commit: Commit }) {
  const rows: Array<[string, ReactNode]> = [
    ['Message', commitMessage(commit.message)],
    [
      'ID',
      <HStack gap="1" key="id">
        <Link asChild>
          <RouterLink to="/repositories/$repoId/commits/$commitId" params={{ repoId, commitId: commit.id }}>
            <Code>{shortCommitId(commit.id)}</Code>
          </RouterLink>
        </Link>
        <CopyButton value={commit.id} label="commit ID" />
      </HStack>,
    ],
    ['Committer', <Committer key="committer" name={commit.committer} />],
    ['Creation date', formatDate(commit.creation_date)],
  ];
  return (
    <Grid as="dl" templateColumns="max-content 1fr" columnGap="6" rowGap="2" alignItems="center">
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <Text as="dt" fontWeight="semibold" color="fg.muted">
            {label}
          </Text>
          <Box as="dd" minW="0" wordBreak="break-word">
            {value}
          </Box>
        </Fragment>
      ))}
    </Grid>
  );
}
