import { lazy, Suspense } from 'react';
import { Alert, Button, HStack, Input, InputGroup, Stack } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { shallowEqual, useSelector } from '@xstate/react';
import { LuFolderInput, LuRefreshCw, LuSearch, LuUpload } from 'react-icons/lu';
import type { Repository, ResolvedRef } from '../../api/types';
import type { ReadmeRead } from '../../loaders/objects';
import {
  importPending,
  importRefusal,
  uploadRefusal,
  type ObjectsPageActorRef,
  type ObjectsPageSnapshot,
} from '../../machines/objects-page';
import type { UploadStorage } from '../../machines/upload-queue';
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
  /** The page's flows: listing, search, refresh, upload, import, delete and blame. */
  page: ObjectsPageActorRef;
  repo: Repository;
  /** The ref being browsed, already resolved to its kind. */
  resolvedRef: ResolvedRef;
  /** The folder being browsed ('' or ending in '/'). */
  path: string;
  /** The folder's README.md, as the route loader reads it. */
  readme: ReadmeRead;
  /** The server's storage config, for uploads and imports (null until known). */
  storage: (UploadStorage & ImportStorage) | null;
  /** Whether the import dialog is open (the URL's `importDialog`). */
  importOpen: boolean;
  onImportOpenChange: (open: boolean) => void;
}

const selectActions = (s: ObjectsPageSnapshot) => ({
  canUpload: s.can({ type: 'upload.open' }),
  uploadRefusal: uploadRefusal(s),
  uploading: s.matches({ dialog: 'uploading' }),
  canImport: s.can({ type: 'import.open' }),
  importRefusal: importRefusal(s),
  importPending: importPending(s),
});

/** The objects browser: ref selector, search, path, listing, README preview and the actions the ref allows. */
export function ObjectsPage({ page, repo, resolvedRef, path, readme, storage, importOpen, onImportOpenChange }: ObjectsPageProps) {
  const navigate = useNavigate();
  const searchText = useSelector(page, (s) => s.context.searchText);
  const actions = useSelector(page, selectActions, shallowEqual);
  const branch = resolvedRef.kind === 'branch' ? resolvedRef.id : undefined;
  // The import is one commit on the branch (the server checks the source and destination too).
  const importNeeds = { action: 'fs:CreateCommit', resource: arn.branch(repo.id, branch ?? resolvedRef.id) };

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
          <PermittedButton
            size="sm"
            action="fs:WriteObject"
            resource={arn.object(repo.id, path)}
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
            {...importNeeds}
            disabled={!actions.canImport}
            title={actions.importRefusal}
            onClick={() => page.send({ type: 'import.open' })}
          >
            <LuFolderInput />
            Import
          </PermittedButton>
        </HStack>
      </HStack>
      {importOpen && !actions.importPending && actions.importRefusal !== undefined && (
        <ImportUnavailable reason={actions.importRefusal} onClose={() => onImportOpenChange(false)} />
      )}
      <ObjectsBreadcrumbs repoId={repo.id} refId={resolvedRef.id} refKind={resolvedRef.kind} path={path} />
      <ObjectsListing page={page} />
      <ReadmePreview repoId={repo.id} refId={resolvedRef.id} readme={readme} />
      {branch !== undefined && (
        <UploadDialog
          repoId={repo.id}
          branch={branch}
          prefix={path}
          readOnly={repo.read_only === true}
          storage={storage}
          open={actions.uploading}
          onClose={() => page.send({ type: 'upload.close' })}
          onUploaded={() => page.send({ type: 'objects.changed' })}
        />
      )}
      {importOpen && actions.canImport && storage && branch !== undefined && (
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

/** A link opened the import dialog where it cannot open: it says why, instead of doing nothing. */
function ImportUnavailable({ reason, onClose }: { reason: string; onClose: () => void }) {
  return (
    <Alert.Root status="warning" role="alert" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>The import dialog cannot open here</Alert.Title>
        <Alert.Description>{reason}</Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onClose}>
        Dismiss
      </Button>
    </Alert.Root>
  );
}
