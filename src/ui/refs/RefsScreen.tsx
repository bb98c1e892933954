import type { ReactNode } from 'react';
import { Flex, IconButton, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { LuPlus, LuRefreshCw, LuTrash2 } from 'react-icons/lu';
import type { Ref, Repository } from '../../api/types';
import type { PagedListActorRef } from '../../machines/paged-list';
import type { PrefixSearchActorRef } from '../../machines/prefix-search';
import type { CreatedRefKind } from '../../machines/create-ref/machine';
import { createRefusedReadOnly, type RefsPageActorRef } from '../../machines/refs-page/machine';
import { arn } from '../../lib/permission-names';
import { BackToStart } from '../components/BackToStart';
import { lazyDialog } from '../components/lazyDialog';
import { PermittedButton, PermittedIconButton } from '../components/PermittedButton';
import { Receipt } from '../components/Receipt';
import { DataTable } from '../components/DataTable';
import { ErrorAlert } from '../components/ErrorAlert';
import type { ListColumn } from '../components/listTable';
import { Loading } from '../components/Loading';
import { PrefixSearch } from '../components/PrefixSearch';
import { usePagedList } from '../components/usePagedList';

// Fetched after the first paint (lazyDialog): creating or deleting a ref is none of the list's first paint.
const CreateRefDialog = lazyDialog(() => import('./CreateRefDialog').then((m) => m.CreateRefDialog));
const ConfirmDeleteDialog = lazyDialog(() => import('../components/ConfirmDeleteDialog').then((m) => m.ConfirmDeleteDialog));

export interface RefsScreenProps {
  screen: RefsPageActorRef;
  /** The listing from the URL's prefix and cursor. */
  list: PagedListActorRef<Ref>;
  repo: Repository;
  prefix: string | undefined;
  after: string | undefined;
  /** The filter box, whose text lives in the URL. */
  search: PrefixSearchActorRef;
  onBackToStart: () => void;
  columns: ListColumn<Ref>[];
  /** The filter's label and placeholder: 'Find branch', 'Find Tag'. */
  searchLabel: string;
  createLabel: string;
  /** Shown when there is no ref to list. */
  empty: ReactNode;
  /** Shown above the list: a failure of what loads beside it. */
  notice?: ReactNode;
  children?: ReactNode;
}

/** A list of branches or tags: filter, refresh, create, the paged table and the create and delete dialogs. */
export function RefsScreen({
  screen,
  list,
  repo,
  after,
  search,
  onBackToStart,
  columns,
  searchLabel,
  createLabel,
  empty,
  notice,
  children,
}: RefsScreenProps) {
  const { view, table, retry, reload } = usePagedList(list);
  const { create, delete: deletion } = useSelector(screen, (s) => s.children);
  const kind = useSelector(screen, (s) => s.context.kind);
  // The machine decides while the list shows; a dialog open over it is modal anyway.
  const canCreate = useSelector(screen, (s) => !s.matches('browsing') || s.can({ type: 'create.open' }));
  const readOnly = useSelector(screen, (s) => s.context.readOnly);
  const receipt = useSelector(screen, (s) => s.context.receipt);
  return (
    <Stack gap="4">
      <Flex gap="3" align="center" wrap="wrap">
        <PrefixSearch search={search} label={searchLabel} placeholder={searchLabel} />
        <IconButton size="sm" variant="ghost" aria-label="Refresh" onClick={reload}>
          <LuRefreshCw />
        </IconButton>
        <PermittedButton
          action={kind === 'branch' ? 'fs:CreateBranch' : 'fs:CreateTag'}
          resource={kind === 'branch' ? arn.branch(repo.id, '*') : arn.tag(repo.id, '*')}
          ms="auto"
          size="sm"
          colorPalette="tarn"
          disabled={!canCreate}
          title={readOnly ? createRefusedReadOnly(kind) : undefined}
          onClick={() => screen.send({ type: 'create.open' })}
        >
          <LuPlus />
          {createLabel}
        </PermittedButton>
      </Flex>
      {receipt && (
        <Receipt
          label={`${receipt.kind === 'branch' ? 'Branch' : 'Tag'} created`}
          title={
            <>
              Created {receipt.kind}{' '}
              <Link asChild fontWeight="semibold">
                <RouterLink to="/repositories/$repoId/objects" params={{ repoId: repo.id }} search={{ ref: receipt.id }}>
                  {receipt.id}
                </RouterLink>
              </Link>{' '}
              from {receipt.source}
            </>
          }
          onDismiss={() => screen.send({ type: 'receipt.dismiss' })}
        />
      )}
      {notice}
      {view.failed ? (
        <ErrorAlert error={view.error} onRetry={retry} />
      ) : view.loading ? (
        <Loading label={`Loading ${kind === 'branch' ? 'branches' : 'tags'}...`} />
      ) : (
        <DataTable label={kind === 'branch' ? 'Branches' : 'Tags'} columns={columns} {...table} getRowId={(ref) => ref.id} empty={empty} />
      )}
      {view.moreFailed && <ErrorAlert error={view.error} onRetry={retry} />}
      {after && <BackToStart onClick={onBackToStart} />}
      {children}
      {create && <CreateRefDialog create={create} repo={repo} onClose={() => screen.send({ type: 'create.close' })} />}
      {deletion && <ConfirmDeleteDialog flow={deletion} />}
    </Stack>
  );
}

/** The muted text under an empty list. */
export interface DeleteRefButtonProps {
  screen: RefsPageActorRef;
  kind: CreatedRefKind;
  repoId: string;
  id: string;
  /** Set to "auto" to push it to the row's end. */
  ms?: string;
}

/** A row's delete, at the row's end on both screens: the screen asks first, and refuses it for the default branch. */
export function DeleteRefButton({ screen, kind, repoId, id, ms }: DeleteRefButtonProps) {
  const branch = kind === 'branch';
  return (
    <PermittedIconButton
      action={branch ? 'fs:DeleteBranch' : 'fs:DeleteTag'}
      resource={branch ? arn.branch(repoId, id) : arn.tag(repoId, id)}
      ms={ms}
      size="xs"
      variant="ghost"
      colorPalette="red"
      aria-label={`Delete ${kind} ${id}`}
      title={`Delete ${kind}`}
      onClick={() => screen.send({ type: 'delete.request', id })}
    >
      <LuTrash2 />
    </PermittedIconButton>
  );
}

export function EmptyRefs({ children }: { children: ReactNode }) {
  return (
    <Text color="fg.muted" py="6" textAlign="center">
      {children}
    </Text>
  );
}
