import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { DeleteRepositoryActorRef } from '../../machines/delete-repository/machine';
import { ErrorAlert } from '../components/ErrorAlert';

/** The server answered 410: the repository is being deleted. The user can push the deletion again. */
export function RepositoryInDeletion({ deletion }: { deletion: DeleteRepositoryActorRef }) {
  const repoId = useSelector(deletion, (s) => s.context.repoId);
  const busy = useSelector(deletion, (s) => s.hasTag('busy'));
  const error = useSelector(deletion, (s) => (s.matches('idle') ? s.context.error : null));
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
        <Button size="sm" colorPalette="red" onClick={() => deletion.send({ type: 'delete.retry' })} loading={busy}>
          Delete Repository
        </Button>
      </Alert.Root>
      {error !== null && <ErrorAlert error={error} />}
    </Stack>
  );
}
