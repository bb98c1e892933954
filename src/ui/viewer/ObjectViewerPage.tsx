import { useState } from 'react';
import { Badge, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { LuDownload, LuGitCommitVertical, LuHistory } from 'react-icons/lu';
import type { ResolvedRef } from '../../api/types';
import { objectUrl } from '../../lib/api-address';
import { formatSize } from '../../lib/format';
import { ErrorAlert } from '../components/ErrorAlert';
import { WhoCanButton } from '../auth/WhoCan';
import { lazyDialog } from '../components/lazyDialog';
import { ObjectsBreadcrumbs } from '../objects/ObjectsBreadcrumbs';
import { basename } from '../objects/paths';
import { RefSelector } from '../refs';
import { useRepository } from '../repository/RepositoryContext';
import type { LoadedObject } from './objectContent';
import { ObjectRenderer } from './ObjectRenderer';

// Fetched after the first paint (lazyDialog): the blame of the object is none of the viewer's first paint.
const BlameDialog = lazyDialog(
  () => import('../objects/BlameDialog').then((m) => m.BlameDialog),
  ({ target }) => target !== undefined,
);

export interface ObjectViewerPageProps {
  repoId: string;
  resolvedRef: ResolvedRef;
  path: string;
  /** The object's stat and content, as the route read them. */
  object: LoadedObject;
  /** The query of a data object's SQL preview, from the address. */
  sql?: string | undefined;
  /** Whether a CSV's first row holds the column names, from the address (absent: DuckDB decides). */
  header?: boolean | undefined;
}

/** One object: its path, size and type, download / copy URI / blame, and its content rendered. */
export function ObjectViewerPage({ repoId, resolvedRef, path, object, sql, header }: ObjectViewerPageProps) {
  const refId = resolvedRef.id;
  const [blameOpen, setBlameOpen] = useState(false);
  const { repo } = useRepository();
  const navigate = useNavigate();

  return (
    <Card.Root variant="outline">
      <Card.Header>
        <Stack gap="2">
          <ObjectsBreadcrumbs repoId={repoId} refId={refId} refKind={resolvedRef.kind} path={path} />
          <HStack gap="3" wrap="wrap">
            {/* The same path on another branch, tag or commit. */}
            <RefSelector
              repoId={repoId}
              selected={{ id: refId, kind: resolvedRef.kind }}
              defaultBranch={repo.default_branch}
              onSelect={(ref) => void navigate({ to: '/repositories/$repoId/object', params: { repoId }, search: { ref: ref.id, path } })}
            />
            {object.status === 'found' && (
              <>
                <Text fontSize="sm" color="fg.muted" title={`${object.stats.size_bytes ?? 0} bytes`}>
                  {formatSize(object.stats.size_bytes ?? 0)}
                </Text>
                {object.stats.content_type && (
                  <Badge size="sm" variant="subtle" colorPalette="gray">
                    {object.stats.content_type}
                  </Badge>
                )}
              </>
            )}
            <HStack gap="2" ms="auto">
              <Button asChild size="sm" variant="outline">
                <a href={objectUrl(repoId, refId, path)} download={basename(path)}>
                  <LuDownload />
                  Download
                </a>
              </Button>
              <Button asChild size="sm" variant="outline">
                <RouterLink to="/repositories/$repoId/history" params={{ repoId }} search={{ ref: refId, path }}>
                  <LuGitCommitVertical />
                  History
                </RouterLink>
              </Button>
              <Button size="sm" variant="outline" onClick={() => setBlameOpen(true)}>
                <LuHistory />
                Blame
              </Button>
              <WhoCanButton repoId={repoId} path={path} />
            </HStack>
          </HStack>
        </Stack>
      </Card.Header>
      <Card.Body>
        {object.status === 'failed' ? (
          <ErrorAlert error={object.error} />
        ) : (
          <ObjectRenderer repoId={repoId} refId={refId} stats={object.stats} renderer={object.renderer} content={object.content} sql={sql} header={header} />
        )}
      </Card.Body>
      <BlameDialog
        repoId={repoId}
        refId={refId}
        target={blameOpen ? { path, pathType: 'object' } : undefined}
        onClose={() => setBlameOpen(false)}
      />
    </Card.Root>
  );
}
