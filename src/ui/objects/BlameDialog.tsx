import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { Box, Button, Code, Dialog, Grid, HStack, Link, Portal, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { logCommits } from '../../api/commits';
import type { Commit, PathType } from '../../api/types';
import { commitMessage, formatDate, shortCommitId } from '../../lib/format';
import { Committer } from '../components/Committer';
import { CopyButton } from '../components/CopyButton';
import { ErrorAlert } from '../components/ErrorAlert';
import { Loading } from '../components/Loading';

export interface BlameTarget {
  path: string;
  pathType: PathType;
}

export interface BlameDialogProps {
  repoId: string;
  refId: string;
  /** The object or prefix to blame; the dialog is open while it is set. */
  target: BlameTarget | undefined;
  onClose: () => void;
}

type Lookup = { status: 'loading' } | { status: 'done'; commit: Commit | undefined } | { status: 'failed'; error: unknown };

/** The last commit that changed an object or a prefix (GET commits with amount 1, filtered by path). */
export function BlameDialog({ repoId, refId, target, onClose }: BlameDialogProps) {
  const [lookup, setLookup] = useState<Lookup>({ status: 'loading' });
  const noun = target?.pathType === 'common_prefix' ? 'prefix' : 'object';

  useEffect(() => {
    if (!target) return;
    const controller = new AbortController();
    setLookup({ status: 'loading' });
    const filter = target.pathType === 'common_prefix' ? { prefixes: [target.path] } : { objects: [target.path] };
    logCommits(repoId, refId, { amount: 1, ...filter }, controller.signal).then(
      (page) => setLookup({ status: 'done', commit: page.results[0] }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLookup({ status: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [repoId, refId, target]);

  return (
    <Dialog.Root open={target !== undefined} onOpenChange={(details) => !details.open && onClose()} size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Last commit to modify {noun}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text fontFamily="mono" fontSize="sm" mb="4" wordBreak="break-all">
                {target?.path}
              </Text>
              {lookup.status === 'loading' && <Loading />}
              {lookup.status === 'failed' && <ErrorAlert error={lookup.error} />}
              {lookup.status === 'done' && lookup.commit === undefined && (
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
              {lookup.status === 'done' && lookup.commit !== undefined && (
                <CommitSummary repoId={repoId} commit={lookup.commit} />
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Close
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
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
