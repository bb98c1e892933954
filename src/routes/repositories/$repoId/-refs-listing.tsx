// What the Branches and Tags routes share: the screen's machine and its listing for the route's life, the listing
// started over from the loader's first page on each load.
import type { Page, Ref, Repository } from '../../../api/types';
import { useScreen } from '../../../lib/use-screen';
import type { CreatedRefKind } from '../../../machines/create-ref';
import { prefixSearchMachine } from '../../../machines/prefix-search';
import { liveRefListings, liveRefsPageMachine } from '../../../machines/refs-page';
import { BranchesPage } from '../../../ui/refs/BranchesPage';
import { TagsPage } from '../../../ui/refs/TagsPage';

export interface RefsListingProps {
  kind: CreatedRefKind;
  repo: Repository;
  firstPage: Page<Ref>;
  prefix: string | undefined;
  after: string | undefined;
  onBackToStart: () => void;
}

export function RefsListing({ kind, repo, firstPage, prefix, after, onBackToStart }: RefsListingProps) {
  const list = useScreen(liveRefListings[kind], { source: repo.id, firstPage, prefix, startAfter: after });
  // A create or a delete loads the page again (the loader reads the first page anew).
  const screen = useScreen(liveRefsPageMachine, {
    repoId: repo.id,
    kind,
    readOnly: repo.read_only === true,
    defaultBranch: repo.default_branch,
    list,
  });
  const search = useScreen(prefixSearchMachine, { prefix });
  const Screen = kind === 'branch' ? BranchesPage : TagsPage;
  return <Screen screen={screen} list={list} repo={repo} prefix={prefix} after={after} search={search} onBackToStart={onBackToStart} />;
}
