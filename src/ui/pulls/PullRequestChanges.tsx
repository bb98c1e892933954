import type { ReactNode } from 'react';
import { Heading, Stack } from '@chakra-ui/react';
import type { DiffTreeActorRef } from '../../machines/diff-tree/machine';
import { DiffTree } from '../diff/DiffTree';

export interface PullRequestChangesProps {
  tree: DiffTreeActorRef;
  heading: string;
  /** Accessible name of the tree. */
  label: string;
  /** Shown when there is no change. */
  empty: ReactNode;
}

/** The changes a pull request brings (or brought), as the tree Compare shows; folders expand in place. */
export function PullRequestChanges({ tree, heading, label, empty }: PullRequestChangesProps) {
  return (
    <Stack gap="3">
      <Heading as="h3" size="md">
        {heading}
      </Heading>
      <DiffTree tree={tree} label={label} empty={empty} />
    </Stack>
  );
}
