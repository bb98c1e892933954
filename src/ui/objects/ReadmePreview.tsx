import { Suspense, use } from 'react';
import { Card, HStack, Text } from '@chakra-ui/react';
import { LuBookOpen } from 'react-icons/lu';
import type { ReadmeRead } from '../../loaders/objects';
import { README_FILE_NAME } from '../../lib/constants';
import { ErrorAlert } from '../components';
import { MarkdownView } from '../viewer/MarkdownView';
import { useMarkdownLinks } from '../viewer/useMarkdownLinks';

export interface ReadmePreviewProps {
  repoId: string;
  refId: string;
  /** The folder's README.md as the route loader reads it; it may settle after the listing has shown. */
  readme: ReadmeRead;
}

/** README.md of the current folder, rendered under the listing once read; nothing when the folder has none. */
export function ReadmePreview(props: ReadmePreviewProps) {
  return (
    <Suspense fallback={null}>
      <ReadmeCard {...props} />
    </Suspense>
  );
}

function ReadmeCard({ repoId, refId, readme }: ReadmePreviewProps) {
  const result = use(readme());
  const links = useMarkdownLinks(repoId, refId, result.status === 'found' ? result.path : README_FILE_NAME);
  if (result.status === 'none') return null;
  return (
    <Card.Root variant="outline" as="section" aria-label={README_FILE_NAME}>
      <Card.Header py="3">
        <HStack gap="2">
          <LuBookOpen />
          <Text fontWeight="semibold">{README_FILE_NAME}</Text>
        </HStack>
      </Card.Header>
      <Card.Body pt="0">
        {result.status === 'failed' ? <ErrorAlert error={result.error} /> : <MarkdownView source={result.source} links={links} />}
      </Card.Body>
    </Card.Root>
  );
}
