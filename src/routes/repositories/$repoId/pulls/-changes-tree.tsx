// The tree of changes of the pull-request pages, started from what their loader read.
import { useState, type ReactNode } from 'react';
import { useActorRef } from '../../../../lib/root-actors';
import type { DiffSource } from '../../../../api/diff';
import type { Diff, Page } from '../../../../api/types';
import { liveDiffTreeMachine } from '../../../../machines/diff-tree';
import { PullRequestChanges } from '../../../../ui/pulls/PullRequestChanges';

export interface ChangesTreeProps {
  source: DiffSource;
  firstPage: Page<Diff>;
  heading: string;
  label: string;
  empty: ReactNode;
}

/** Give it a key per load: the tree is fixed for the source and first page it starts with. */
export function ChangesTree({ source, firstPage, heading, label, empty }: ChangesTreeProps) {
  const [logic] = useState(() => liveDiffTreeMachine(source));
  const tree = useActorRef(logic, { input: { prefix: '', firstPage } });
  return <PullRequestChanges tree={tree} heading={heading} label={label} empty={empty} />;
}
