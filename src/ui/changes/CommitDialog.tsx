import { Alert, Button, Code, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { Dialog } from '../theme/deferred/dialog';
import type { SnapshotFrom } from 'xstate';
import { useSelector } from '@xstate/react';
import type { CommitActorRef as CommitActor, commitMachine } from '../../machines/commit/machine';
import { ErrorAlert } from '../components/ErrorAlert';
import { CommitFields } from '../components/CommitFields';

const selectView = (state: SnapshotFrom<typeof commitMachine>) => state;

/** The Commit dialog; everything it shows comes from the commit machine, everything it does is an event. */
export function CommitDialog({ actor }: { actor: CommitActor }) {
  const state = useSelector(actor, selectView);
  const { context } = state;
  const open = !state.matches('closed');
  const busy = state.hasTag('busy');
  const canSubmit = state.can({ type: 'commit.submit' });
  const { suggestion } = context;

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) actor.send({ type: 'commit.cancel' });
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form
              onSubmit={(event) => {
                event.preventDefault();
                actor.send({ type: 'commit.submit' });
              }}
            >
              <Dialog.Header>
                <Dialog.Title>Commit Changes</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Text color="fg.muted" fontSize="sm">
                    Commit the uncommitted changes of branch <strong>{context.branch}</strong>.
                  </Text>
                  <CommitFields
                    message={context.message}
                    metadata={context.metadata}
                    showMetadataErrors={context.showMetadataErrors}
                    placeholder="Commit Message"
                    disabled={busy}
                    send={(event) => actor.send(event)}
                  />
                  {suggestion !== null && suggestion !== context.message && (
                    <HStack gap="2" fontSize="sm" wrap="wrap">
                      <Text color="fg.muted">Suggested:</Text>
                      <Code>{suggestion}</Code>
                      <Button size="xs" variant="outline" disabled={busy} onClick={() => actor.send({ type: 'message.useSuggestion' })}>
                        Use this message
                      </Button>
                    </HStack>
                  )}
                  {busy && (
                    <Alert.Root status="info">
                      <Alert.Indicator />
                      <Alert.Title>Committing changes...</Alert.Title>
                    </Alert.Root>
                  )}
                  {context.error !== null && <ErrorAlert error={context.error} />}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" disabled={busy} onClick={() => actor.send({ type: 'commit.cancel' })}>
                  Cancel
                </Button>
                <Button type="submit" colorPalette="tarn" loading={busy} loadingText="Committing..." disabled={!busy && !canSubmit}>
                  Commit Changes
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
