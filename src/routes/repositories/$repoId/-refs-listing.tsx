// What the Branches and Tags routes share: the screen's machine for the route's life, and its listing started
// from the loader's first page on each load.
import { useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useActorRef } from '../../../lib/root-actors';
import type { Page, Ref, Repository } from '../../../api/types';
import type { CreatedRefKind } from '../../../machines/create-ref';
import { liveRefList } from '../../../machines/ref-picker';
import { liveRefsPageMachine, type RefsPageActorRef } from '../../../machines/refs-page';
import { BranchesPage } from '../../../ui/refs/BranchesPage';
import { TagsPage } from '../../../ui/refs/TagsPage';

export interface RefsListingProps {
  kind: CreatedRefKind;
  repo: Repository;
  firstPage: Page<Ref>;
  /** When the loader last read: each load starts the listing over with what it read. */
  loadedAt: number;
  prefix: string | undefined;
  after: string | undefined;
  onSearch: (prefix: string) => void;
  onBackToStart: () => void;
}

export function RefsListing({ kind, repo, loadedAt, ...rest }: RefsListingProps) {
  const router = useRouter();
  // A create or a delete loads the page again (the loader reads the first page anew).
  const [logic] = useState(() => liveRefsPageMachine(() => void router.invalidate()));
  const screen = useActorRef(logic, {
    input: { repoId: repo.id, kind, readOnly: repo.read_only === true, defaultBranch: repo.default_branch },
  });
  return <Listing key={loadedAt} kind={kind} repo={repo} screen={screen} {...rest} />;
}

function Listing({
  kind,
  repo,
  screen,
  firstPage,
  prefix,
  after,
  onSearch,
  onBackToStart,
}: Omit<RefsListingProps, 'loadedAt'> & { screen: RefsPageActorRef }) {
  const [logic] = useState(() => liveRefList(kind, repo.id));
  const list = useActorRef(logic, { input: { firstPage, prefix, startAfter: after } });
  const Screen = kind === 'branch' ? BranchesPage : TagsPage;
  return <Screen screen={screen} list={list} repo={repo} prefix={prefix} after={after} onSearch={onSearch} onBackToStart={onBackToStart} />;
}
