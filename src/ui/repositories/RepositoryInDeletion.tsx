import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { deleteRepository } from '../../api/repositories';
import { ErrorAlert } from '../components/ErrorAlert';

export interface RepositoryInDeletionProps {
  repoId: string;
  /** Called once the retried deletion has gone through. */
  onDeleted: () => void;
}

/** The server answered 410: the repository is being deleted. The user can push the deletion again. */
export function RepositoryInDeletion({ repoId, onDeleted }: RepositoryInDeletionProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const retry = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await deleteRepository(repoId);
      onDeleted();
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };
  return (
    <Stack gap="3">
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Repository in deletion</Alert.Title>
          <Alert.Description>
            <Text>
              Repository {repoId} is being deleted. This can take a few seconds; if it does not finish, run the
              deletion again.
            </Text>
          </Alert.Description>
        </Alert.Content>
        <Button size="sm" colorPalette="red" onClick={() => void retry()} loading={busy}>
          Delete Repository
        </Button>
      </Alert.Root>
      {error !== undefined && <ErrorAlert error={error} />}
    </Stack>
  );
}
