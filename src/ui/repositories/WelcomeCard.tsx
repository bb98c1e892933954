import { useState } from 'react';
import { Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { LuDatabase, LuSparkles } from 'react-icons/lu';
import { createRepository } from '../../api/repositories';
import type { Repository, StorageConfig } from '../../api/types';
import { ErrorAlert } from '../components/ErrorAlert';
import { DEFAULT_BRANCH_NAME, SAMPLE_REPOSITORY_ID, sampleNamespace } from './validation';

export interface WelcomeCardProps {
  storage?: StorageConfig;
  onCreated: (repository: Repository) => void;
  onCreateEmpty: () => void;
}

/** What a user with no repositories sees: a one-click sample repository, or an empty one through the dialog. */
export function WelcomeCard({ storage, onCreated, onCreateEmpty }: WelcomeCardProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();

  const createSample = async () => {
    setBusy(true);
    setError(undefined);
    try {
      onCreated(
        await createRepository({
          name: SAMPLE_REPOSITORY_ID,
          storage_namespace: sampleNamespace(storage),
          default_branch: DEFAULT_BRANCH_NAME,
          sample_data: true,
        }),
      );
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };

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
            <Button colorPalette="tarn" onClick={() => void createSample()} loading={busy} loadingText="Creating...">
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
