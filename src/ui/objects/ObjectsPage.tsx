import { useState } from 'react';
import { Button, HStack, Input, InputGroup, Stack } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { LuRefreshCw, LuSearch, LuUpload } from 'react-icons/lu';
import type { Repository, ResolvedRef } from '../../api/types';
import { FILTER_DEBOUNCE_MS } from '../../lib/constants';
import { RefSelector } from '../refs';
import { UploadDialog } from '../upload';
import { useDebouncedValue } from '../refs/useDebouncedValue';
import { GcWarningBanner } from './GcWarningBanner';
import { ObjectsBreadcrumbs } from './ObjectsBreadcrumbs';
import { ObjectsListing } from './ObjectsListing';
import { ReadmePreview } from './ReadmePreview';
import { useUploadAllowed, type UploadPermissions } from './uploadPermissions';

export interface ObjectsPageProps {
  repo: Repository;
  /** The ref being browsed, already resolved to its kind. */
  resolvedRef: ResolvedRef;
  /** The folder being browsed ('' or ending in '/'). */
  path: string;
  /** Listing cursor from the URL. */
  after?: string | undefined;
  /** Upload preflight answers, kept across folders (owned by the route, which outlives this page's folders). */
  uploadPermissions: UploadPermissions;
}

/** The objects browser: ref selector, path, listing, README preview and the actions the ref allows. */
export function ObjectsPage({ repo, resolvedRef, path, after, uploadPermissions }: ObjectsPageProps) {
  const navigate = useNavigate();
  const [reloadKey, setReloadKey] = useState(0);
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText, FILTER_DEBOUNCE_MS);
  const [uploadOpen, setUploadOpen] = useState(false);

  const branch = resolvedRef.kind === 'branch' ? resolvedRef.id : undefined;
  const readOnly = repo.read_only === true;
  const uploadBranch = readOnly ? undefined : branch;
  const stageAllowed = useUploadAllowed(uploadPermissions, repo.id, uploadBranch);
  const uploadDisabledReason = readOnly
    ? 'The repository is read-only'
    : branch === undefined
      ? 'Uploads go to a branch: select a branch to upload'
      : stageAllowed === undefined
        ? 'Checking upload permission...'
        : stageAllowed
          ? undefined
          : 'You are not allowed to upload to this branch';
  const reload = () => setReloadKey((k) => k + 1);
  const refresh = () => {
    reload();
    if (uploadBranch !== undefined) uploadPermissions.recheck(repo.id, uploadBranch);
  };

  return (
    <Stack gap="4">
      <GcWarningBanner repo={repo} />
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
            onChange={(e) => setSearchText(e.target.value)}
          />
        </InputGroup>
        <HStack gap="2" ms="auto">
          <Button size="sm" variant="outline" onClick={refresh} aria-label="Refresh">
            <LuRefreshCw />
            Refresh
          </Button>
          <Button
            size="sm"
            onClick={() => setUploadOpen(true)}
            disabled={uploadDisabledReason !== undefined}
            title={uploadDisabledReason}
          >
            <LuUpload />
            Upload
          </Button>
        </HStack>
      </HStack>
      <ObjectsBreadcrumbs repoId={repo.id} refId={resolvedRef.id} refKind={resolvedRef.kind} path={path} />
      <ObjectsListing
        repoId={repo.id}
        refId={resolvedRef.id}
        refKind={resolvedRef.kind}
        readOnly={readOnly}
        dir={path}
        search={search}
        after={after}
        reloadKey={reloadKey}
        onChanged={reload}
      />
      <ReadmePreview repoId={repo.id} refId={resolvedRef.id} prefix={path} reloadKey={reloadKey} />
      {branch !== undefined && (
        <UploadDialog
          repoId={repo.id}
          branch={branch}
          prefix={path}
          readOnly={readOnly}
          open={uploadOpen}
          onClose={() => setUploadOpen(false)}
          onUploaded={reload}
        />
      )}
    </Stack>
  );
}
