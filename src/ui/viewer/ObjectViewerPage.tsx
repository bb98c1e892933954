import { useEffect, useState } from 'react';
import { Badge, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { LuDownload, LuHistory } from 'react-icons/lu';
import { objectUrl, statObject } from '../../api/objects';
import type { ObjectStats, ResolvedRef } from '../../api/types';
import { formatSize } from '../../lib/format';
import { ErrorAlert } from '../components/ErrorAlert';
import { Loading } from '../components/Loading';
import { BlameDialog } from '../objects/BlameDialog';
import { ObjectsBreadcrumbs } from '../objects/ObjectsBreadcrumbs';
import { basename } from '../objects/paths';
import { ObjectRenderer } from './ObjectRenderer';

export interface ObjectViewerPageProps {
  repoId: string;
  resolvedRef: ResolvedRef;
  path: string;
}

type Stat = { status: 'loading' } | { status: 'found'; stats: ObjectStats } | { status: 'failed'; error: unknown };

/** One object: its path, size and type, download / copy URI / blame, and its content rendered. */
export function ObjectViewerPage({ repoId, resolvedRef, path }: ObjectViewerPageProps) {
  const refId = resolvedRef.id;
  const [stat, setStat] = useState<Stat>({ status: 'loading' });
  const [blameOpen, setBlameOpen] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setStat({ status: 'loading' });
    statObject(repoId, refId, path, controller.signal).then(
      (stats) => setStat({ status: 'found', stats }),
      (error: unknown) => {
        if (!controller.signal.aborted) setStat({ status: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [repoId, refId, path]);

  return (
    <Card.Root variant="outline">
      <Card.Header>
        <Stack gap="2">
          <ObjectsBreadcrumbs repoId={repoId} refId={refId} refKind={resolvedRef.kind} path={path} />
          <HStack gap="3" wrap="wrap">
            {stat.status === 'found' && (
              <>
                <Text fontSize="sm" color="fg.muted" title={`${stat.stats.size_bytes ?? 0} bytes`}>
                  {formatSize(stat.stats.size_bytes ?? 0)}
                </Text>
                {stat.stats.content_type && (
                  <Badge size="sm" variant="subtle" colorPalette="gray">
                    {stat.stats.content_type}
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
              <Button size="sm" variant="outline" onClick={() => setBlameOpen(true)}>
                <LuHistory />
                Blame
              </Button>
            </HStack>
          </HStack>
        </Stack>
      </Card.Header>
      <Card.Body>
        {stat.status === 'loading' && <Loading />}
        {stat.status === 'failed' && <ErrorAlert error={stat.error} />}
        {stat.status === 'found' && <ObjectRenderer repoId={repoId} refId={refId} stats={stat.stats} />}
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
