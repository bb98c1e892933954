import { Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { LuDatabase, LuSparkles } from 'react-icons/lu';
import type { StorageConfig } from '../../api/types';
import type { SampleRepositoryActorRef } from '../../machines/sample-repository/machine';
import { ErrorAlert } from '../components/ErrorAlert';

export interface WelcomeCardProps {
  sample: SampleRepositoryActorRef;
  storage?: StorageConfig;
  onCreateEmpty: () => void;
}

/** What a user with no repositories sees: a one-click sample repository, or an empty one through the dialog. */
export function WelcomeCard({ sample, storage, onCreateEmpty }: WelcomeCardProps) {
  const busy = useSelector(sample, (s) => s.hasTag('busy'));
  const error = useSelector(sample, (s) => (s.matches('failed') ? s.context.error : undefined));

  return (
    <Card.Root variant="outline" maxW="2xl" mx="auto" mt="8">
      <Card.Header>
        <Card.Title fontSize="2xl">Welcome to Tarn!</Card.Title>
        <Card.Description>
          Version your data lake like code: branch, commit, compare and merge over object storage.
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <Text>
            Start with a sample repository holding example data, or create an empty repository for your own.
          </Text>
          {error !== undefined && <ErrorAlert error={error} />}
          <HStack gap="3" wrap="wrap">
            <Button
              colorPalette="tarn"
              onClick={() => sample.send({ type: 'sample.create', storage })}
              loading={busy}
              loadingText="Creating..."
            >
              <LuSparkles />
              Create Sample Repository
            </Button>
            <Button variant="outline" onClick={onCreateEmpty} disabled={busy}>
              <LuDatabase />
              Create an empty repository
            </Button>
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
