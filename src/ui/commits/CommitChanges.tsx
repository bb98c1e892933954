import { Heading, Stack } from '@chakra-ui/react';
import type { Commit } from '../../api/types';
import { shortCommitId } from '../../lib/format';
import type { DiffTreeActorRef } from '../../machines/diff-tree/machine';
import { EmptyState } from '../components/EmptyState';
import { DiffBreadcrumb } from '../diff/DiffBreadcrumb';
import { DiffTree } from '../diff/DiffTree';

export interface CommitChangesProps {
  commit: Commit;
  /** The changes against the first parent; absent for a commit without parents. */
  tree: DiffTreeActorRef | undefined;
  prefix: string;
  onNavigate: (prefix: string) => void;
}

/** What a commit changed against its first parent, as a tree from the URL's prefix. */
export function CommitChanges({ commit, tree, prefix, onNavigate }: CommitChangesProps) {
  const shortId = shortCommitId(commit.id);
  return (
    <Stack gap="3">
      <Heading as="h3" size="md">
        Showing changes for commit {shortId}
      </Heading>
      {tree === undefined ? (
        <EmptyState title="No parent to compare with" description="This is the first commit of the repository." />
      ) : (
        <>
          <DiffBreadcrumb rootLabel={shortId} prefix={prefix} onNavigate={onNavigate} />
          <DiffTree
            tree={tree}
            label={`Changes of commit ${shortId}`}
            onOpenFolder={onNavigate}
            empty={<EmptyState title="No changes" description="This commit changes nothing against its parent." />}
          />
        </>
      )}
    </Stack>
  );
}
