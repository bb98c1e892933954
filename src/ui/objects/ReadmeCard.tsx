import { Card, HStack, Text } from '@chakra-ui/react';
import { LuBookOpen } from 'react-icons/lu';
import { README_FILE_NAME } from '../../lib/constants';
import { ErrorAlert } from '../components';
import { MarkdownView } from '../viewer/MarkdownView';
import { useMarkdownLinks } from '../viewer/useMarkdownLinks';
import type { Readme } from '../../loaders/objects';

/** The README card of ReadmePreview, loaded with the first README there is to show. */
export function ReadmeCard({ repoId, refId, result }: { repoId: string; refId: string; result: Exclude<Readme, { status: 'none' }> }) {
  const links = useMarkdownLinks(repoId, refId, result.status === 'found' ? result.path : README_FILE_NAME);
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
