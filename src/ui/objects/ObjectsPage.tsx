import { lazy, Suspense, useState } from 'react';
import { Button, HStack, Input, InputGroup, Stack } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { LuFolderInput, LuRefreshCw, LuSearch, LuUpload } from 'react-icons/lu';
import type { Repository, ResolvedRef, StorageConfig } from '../../api/types';
import type { ReadmeRead } from '../../loaders/objects';
import type { ObjectsPageActorRef } from '../../machines/objects-page';
import type { UploadStorage } from '../../machines/upload-queue';
import { uploadAllowed, type UploadPermissionActorRef } from '../../machines/upload-permission';
import { usePermission } from '../../machines/session/hooks';
import { arn } from '../../lib/permission-names';
import { PermittedButton } from '../components/PermittedButton';
import { RefSelector } from '../refs';
import { UploadDialog } from '../upload';
import type { ImportStorage } from './ImportDialog';
import { ObjectsBreadcrumbs } from './ObjectsBreadcrumbs';
import { ObjectsListing } from './ObjectsListing';
import { ReadmePreview } from './ReadmePreview';

// Loaded when the dialog opens: most visits to a folder never import.
const ImportDialog = lazy(() => import('./ImportDialog').then((m) => ({ default: m.ImportDialog })));

export interface ObjectsPageProps {
  /** The page's flows: listing, search, refresh, delete and blame. */
  page: ObjectsPageActorRef;
  repo: Repository;
  /** The ref being browsed, already resolved to its kind. */
  resolvedRef: ResolvedRef;
  /** The folder being browsed ('' or ending in '/'). */
  path: string;
  /** The route's upload permission answers (kept across folders). */
  permissions: UploadPermissionActorRef;
  /** The folder's README.md, as the route loader reads it. */
  readme: ReadmeRead;
  /** The server's storage config, for uploads and imports (null until known). */
  storage: (UploadStorage & ImportStorage & Pick<StorageConfig, 'import_support'>) | null;
  /** Whether the import dialog is open (the URL's `importDialog`). */
  importOpen: boolean;
  onImportOpenChange: (open: boolean) => void;
}

/** The objects browser: ref selector, search, path, listing, README preview and the actions the ref allows. */
export function ObjectsPage({ page, repo, resolvedRef, path, permissions, readme, storage, importOpen, onImportOpenChange }: ObjectsPageProps) {
  const navigate = useNavigate();
  const searchText = useSelector(page, (s) => s.context.searchText);
  const [uploadOpen, setUploadOpen] = useState(false);

  const branch = resolvedRef.kind === 'branch' ? resolvedRef.id : undefined;
  const readOnly = repo.read_only === true;
  const allowed = useSelector(permissions, (s) =>
    branch === undefined || readOnly ? undefined : uploadAllowed(s, { repoId: repo.id, branch }),
  );
  // The user's policies answer at once; the server's answer for the branch (above) follows.
  const mayWrite = usePermission('fs:WriteObject', arn.object(repo.id, path));
  const uploadDisabledReason = readOnly
    ? 'The repository is read-only'
    : branch === undefined
      ? 'Uploads go to a branch: select a branch to upload'
      : !mayWrite.allowed
        ? mayWrite.reason
        : allowed === undefined
          ? 'Checking upload permission...'
          : allowed
            ? undefined
            : 'You are not allowed to upload to this branch';
  // Spec 1 §2: offered when the server can import; like Upload, only into a branch of a writable repository.
  const importSupported = storage?.import_support === true;
  const importDisabledReason = readOnly
    ? 'The repository is read-only'
    : branch === undefined
      ? 'Imports go to a branch: select a branch to import into'
      : undefined;

  return (
    <Stack gap="4">
      <HStack gap="3" wrap="wrap">
        <RefSelector
          repoId={repo.id}
          selected={{ id: resolvedRef.id, kind: resolvedRef.kind }}
          defaultBranch={repo.default_branch}
          onSelect={(ref) =>
            void navigate({
              to: '/repositories/$repoId/objects',
              params: { repoId: repo.id },
              search: { ref: ref.id, ...(path ? { path } : {}) },
            })
          }
        />
        <InputGroup startElement={<LuSearch />} maxW="xs" flex="1">
          <Input
            size="sm"
            placeholder="Search by prefix"
            aria-label="Search by prefix"
            value={searchText}
            onChange={(e) => page.send({ type: 'search.input', text: e.target.value })}
          />
        </InputGroup>
        <HStack gap="2" ms="auto">
          <Button size="sm" variant="outline" onClick={() => page.send({ type: 'page.refresh' })} aria-label="Refresh">
            <LuRefreshCw />
            Refresh
          </Button>
          <Button size="sm" onClick={() => setUploadOpen(true)} disabled={uploadDisabledReason !== undefined} title={uploadDisabledReason}>
            <LuUpload />
            Upload
          </Button>
          {importSupported && (
            <PermittedButton
              size="sm"
              variant="outline"
              // The import ends in a commit on the branch; the server checks the source and destination too.
              action="fs:CreateCommit"
              resource={arn.branch(repo.id, branch ?? resolvedRef.id)}
              disabled={importDisabledReason !== undefined}
              title={importDisabledReason}
              onClick={() => onImportOpenChange(true)}
            >
              <LuFolderInput />
              Import
            </PermittedButton>
          )}
        </HStack>
      </HStack>
      <ObjectsBreadcrumbs repoId={repo.id} refId={resolvedRef.id} refKind={resolvedRef.kind} path={path} />
      <ObjectsListing page={page} />
      <ReadmePreview repoId={repo.id} refId={resolvedRef.id} readme={readme} />
      {branch !== undefined && (
        <UploadDialog
          repoId={repo.id}
          branch={branch}
          prefix={path}
          readOnly={readOnly}
          storage={storage}
          open={uploadOpen}
          onClose={() => setUploadOpen(false)}
          onUploaded={() => page.send({ type: 'objects.changed' })}
        />
      )}
      {importOpen && importSupported && storage && branch !== undefined && !readOnly && (
        <Suspense fallback={null}>
          <ImportDialog
            repoId={repo.id}
            branch={branch}
            path={path}
            storage={storage}
            onClose={() => onImportOpenChange(false)}
            onImported={() => page.send({ type: 'objects.changed' })}
          />
        </Suspense>
      )}
    </Stack>
  );
}
