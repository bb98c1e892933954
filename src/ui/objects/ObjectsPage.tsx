import { lazy, Suspense } from 'react';
import { Alert, Button, HStack, InputGroup, Link, Stack } from '@chakra-ui/react';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { shallowEqual, useSelector } from '@xstate/react';
import { LuFolderInput, LuRefreshCw, LuSearch, LuUpload } from 'react-icons/lu';
import type { Repository, ResolvedRef } from '../../api/types';
import type { ReadmeRead } from '../../loaders/objects';
import {
  filterFlow,
  branchMovedFlow,
  gcWarningFlow,
  importFlow,
  importOffered,
  importRefusal,
  uploadFlow,
  uploadRefusal,
  type ObjectsPageActorRef,
  type ObjectsPageSnapshot,
} from '../../machines/objects-page';
import type { DebouncedFilterActorRef } from '../../machines/debounced-filter';
import { arn } from '../../lib/permission-names';
import { PermittedButton } from '../components/PermittedButton';
import { SearchInput } from '../components/SearchInput';
import { Receipt } from '../components/Receipt';
import { ProtectedBadge, RefSelector } from '../refs';
import { lazyDialog } from '../components/lazyDialog';
import { BranchMovedNotice } from '../repository/BranchMovedNotice';
import { GcWarningBanner } from './GcWarningBanner';
import { ObjectsBreadcrumbs } from './ObjectsBreadcrumbs';
import { ObjectsListing } from './ObjectsListing';
import { ReadmePreview } from './ReadmePreview';

// Loaded when the dialog opens: most visits to a folder never import.
const ImportDialog = lazy(() => import('./ImportDialog').then((m) => ({ default: m.ImportDialog })));
// Fetched after the first paint (lazyDialog): most visits to a folder never upload.
const UploadDialog = lazyDialog(() => import('../upload/UploadDialog').then((m) => m.UploadDialog));

export interface ObjectsPageProps {
  /** The page's screen: listing, search, refresh, upload, import, delete, blame and the bulk runs. */
  page: ObjectsPageActorRef;
  repo: Repository;
  /** The ref being browsed, already resolved to its kind. */
  resolvedRef: ResolvedRef;
  /** The folder being browsed ('' or ending in '/'). */
  path: string;
  /** The folder's README.md, as the route loader reads it. */
  readme: ReadmeRead;
}

const selectActions = (s: ObjectsPageSnapshot) => ({
  canUpload: s.can({ type: 'upload.open' }),
  uploadRefusal: uploadRefusal(s),
  canImport: importOffered(s),
  importRefusal: importRefusal(s),
});

const selectImportRefused = (s: ObjectsPageSnapshot) => (s.matches({ importDialog: 'refused' }) ? importRefusal(s) : undefined);

/** The objects browser: ref selector, search, path, listing, README preview and the actions the ref allows. */
export function ObjectsPage({ page, repo, resolvedRef, path, readme }: ObjectsPageProps) {
  const navigate = useNavigate();
  const filter = useSelector(page, filterFlow);
  const protectedBranch = useSelector(page, (s) => s.context.protectedBranch);
  const warning = useSelector(page, gcWarningFlow);
  const moved = useSelector(page, branchMovedFlow);
  const upload = useSelector(page, uploadFlow);
  const importing = useSelector(page, importFlow);

  return (
    <Stack gap="4">
      {warning && <GcWarningBanner warning={warning} />}
      <HStack gap="3" wrap="wrap">
        <RefSelector
          repoId={repo.id}
          selected={{ id: resolvedRef.id, kind: resolvedRef.kind }}
          defaultBranch={repo.default_branch}
          // A read-only repository takes no new branch.
          offerCreateBranch={repo.read_only !== true}
          onSelect={(ref) =>
            void navigate({
              to: '/repositories/$repoId/objects',
              params: { repoId: repo.id },
              search: { ref: ref.id, ...(path ? { path } : {}) },
            })
          }
        />
        {protectedBranch && <ProtectedBadge branch={resolvedRef.id} />}
        {filter && <SearchBox filter={filter} />}
        <HStack gap="2" ms="auto">
          <Button size="sm" variant="outline" onClick={() => page.send({ type: 'page.refresh' })} aria-label="Refresh">
            <LuRefreshCw />
            Refresh
          </Button>
          <UploadImportButtons page={page} repoId={repo.id} branch={resolvedRef.id} path={path} />
        </HStack>
      </HStack>
      {moved && <BranchMovedNotice notice={moved} />}
      <ImportUnavailable page={page} />
      <DeletedReceipt page={page} repoId={repo.id} branch={resolvedRef.id} />
      <ObjectsBreadcrumbs repoId={repo.id} refId={resolvedRef.id} refKind={resolvedRef.kind} path={path} />
      <ObjectsListing page={page} />
      <ReadmePreview repoId={repo.id} refId={resolvedRef.id} readme={readme} />
      {upload && <UploadDialog queue={upload} onClose={() => page.send({ type: 'upload.close' })} />}
      {importing && (
        <Suspense fallback={null}>
          <ImportDialog flow={importing} onClose={() => page.send({ type: 'import.close' })} />
        </Suspense>
      )}
    </Stack>
  );
}

/**
 * Upload and Import, enabled as the page's flows allow: what they wait for (the user's permission, the server's
 * storage) arrives after the page is drawn, and redraws these two buttons, not the page.
 */
function UploadImportButtons({ page, repoId, branch, path }: { page: ObjectsPageActorRef; repoId: string; branch: string; path: string }) {
  const actions = useSelector(page, selectActions, shallowEqual);
  return (
    <>
      <PermittedButton
        size="sm"
        action="fs:WriteObject"
        resource={arn.object(repoId, path)}
        disabled={!actions.canUpload}
        title={actions.uploadRefusal}
        onClick={() => page.send({ type: 'upload.open' })}
      >
        <LuUpload />
        Upload
      </PermittedButton>
      <PermittedButton
        size="sm"
        variant="outline"
        // The import is one commit on the branch (the server checks the source and destination too).
        action="fs:CreateCommit"
        resource={arn.branch(repoId, branch)}
        disabled={!actions.canImport}
        title={actions.importRefusal}
        onClick={() => page.send({ type: 'import.open' })}
      >
        <LuFolderInput />
        Import
      </PermittedButton>
    </>
  );
}

/** The prefix search: what is typed takes effect once typing pauses (the page's search box flow). */
function SearchBox({ filter }: { filter: DebouncedFilterActorRef }) {
  const text = useSelector(filter, (s) => s.context.text);
  return (
    <InputGroup startElement={<LuSearch />} maxW="xs" flex="1">
      <SearchInput
        size="sm"
        placeholder="Search by prefix"
        aria-label="Search by prefix"
        value={text}
        onChange={(e) => filter.send({ type: 'filter.input', text: e.target.value })}
      />
    </InputGroup>
  );
}

/** A link opened the import dialog where it cannot open: it says why, instead of doing nothing. */
function ImportUnavailable({ page }: { page: ObjectsPageActorRef }) {
  const reason = useSelector(page, selectImportRefused);
  if (reason === undefined) return null;
  return (
    <Alert.Root status="warning" role="alert" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>The import dialog cannot open here</Alert.Title>
        <Alert.Description>{reason}</Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={() => page.send({ type: 'import.close' })}>
        Dismiss
      </Button>
    </Alert.Root>
  );
}

/** The object the last delete removed: an uncommitted change until committed, so the receipt leads to the changes. */
function DeletedReceipt({ page, repoId, branch }: { page: ObjectsPageActorRef; repoId: string; branch: string }) {
  const deleted = useSelector(page, (s) => s.context.lastDeleted);
  if (deleted === null) return null;
  return (
    <Receipt label="Object deleted" title={`Deleted ${deleted} from ${branch}`} onDismiss={() => page.send({ type: 'deleted.dismiss' })}>
      The delete is an uncommitted change of {branch}:{' '}
      <Link asChild>
        <RouterLink to="/repositories/$repoId/changes" params={{ repoId }} search={{ ref: branch }}>
          review and commit it
        </RouterLink>
      </Link>
      .
    </Receipt>
  );
}
