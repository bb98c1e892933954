// The tree of changes of the pull-request pages, started from what their loader read.
import { useMemo, type ReactNode } from 'react';
import type { DiffSource } from '../../../../api/diff';
import type { Diff, Page } from '../../../../api/types';
import { useScreen } from '../../../../lib/use-screen';
import { liveDiffTreeMachine } from '../../../../machines/diff-tree';
import { PullRequestChanges } from '../../../../ui/pulls/PullRequestChanges';

export interface ChangesTreeProps {
  /** The two refs compared (a pull request's branches, or a merge commit and its parent). */
  source: { repoId: string; left: string; right: string };
  firstPage: Page<Diff>;
  heading: string;
  label: string;
  empty: ReactNode;
}

/** One tree while the page lives: other refs, or a new load, are the tree's to take (`route.changed`). */
export function ChangesTree({ source: { repoId, left, right }, firstPage, heading, label, empty }: ChangesTreeProps) {
  // One source object per pair of refs, so an unchanged source is no change for the tree.
  const source = useMemo<DiffSource>(() => ({ repoId, left, right }), [repoId, left, right]);
  const tree = useScreen(liveDiffTreeMachine, { source, prefix: '', firstPage });
  return <PullRequestChanges tree={tree} heading={heading} label={label} empty={empty} />;
}
