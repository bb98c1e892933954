import { useEffect, useState } from 'react';
import { Card, HStack, Text } from '@chakra-ui/react';
import { LuBookOpen } from 'react-icons/lu';
import { getObjectText, statObject } from '../../api/objects';
import { NotFoundError } from '../../api/errors';
import { VIEWER_SIZE_CAP_BYTES } from '../../lib/constants';
import { ErrorAlert } from '../components';
import { MarkdownView } from '../viewer/MarkdownView';
import { useMarkdownLinks } from '../viewer/useMarkdownLinks';

export const README_FILE_NAME = 'README.md';

export interface ReadmePreviewProps {
  repoId: string;
  refId: string;
  /** The folder whose README.md is shown ('' at the root). */
  prefix: string;
  /** Changes when the user refreshes the listing, so the preview reloads with it. */
  reloadKey?: number;
}

type Readme = { status: 'none' } | { status: 'found'; source: string } | { status: 'failed'; error: unknown };

/** README.md of the current folder, rendered under the listing; nothing when the folder has none. */
export function ReadmePreview({ repoId, refId, prefix, reloadKey = 0 }: ReadmePreviewProps) {
  const path = `${prefix}${README_FILE_NAME}`;
  const [readme, setReadme] = useState<Readme>({ status: 'none' });
  const links = useMarkdownLinks(repoId, refId, path);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    setReadme({ status: 'none' });
    statObject(repoId, refId, path, signal)
      .then(async (stats) => {
        if ((stats.size_bytes ?? 0) > VIEWER_SIZE_CAP_BYTES) return;
        const source = await getObjectText(repoId, refId, path, { signal });
        if (!signal.aborted) setReadme({ status: 'found', source });
      })
      .catch((error: unknown) => {
        if (!signal.aborted && !(error instanceof NotFoundError)) setReadme({ status: 'failed', error });
      });
    return () => controller.abort();
  }, [repoId, refId, path, reloadKey]);

  if (readme.status === 'none') return null;
  return (
    <Card.Root variant="outline" as="section" aria-label={README_FILE_NAME}>
      <Card.Header py="3">
        <HStack gap="2">
          <LuBookOpen />
          <Text fontWeight="semibold">{README_FILE_NAME}</Text>
        </HStack>
      </Card.Header>
      <Card.Body pt="0">
        {readme.status === 'failed' ? <ErrorAlert error={readme.error} /> : <MarkdownView source={readme.source} links={links} />}
      </Card.Body>
    </Card.Root>
  );
}
