import { Box, Button, Field, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { Dialog } from '../theme/deferred/dialog';
import { useSelector } from '@xstate/react';
import { DELETE_CONFIRM_LABEL, type DeleteRepositoryActorRef } from '../../machines/delete-repository/machine';
import { ErrorAlert } from '../components/ErrorAlert';

/** The confirmation of Delete Repository: what goes, what stays, and the repository id typed to confirm. */
export function DeleteRepositoryDialog({ deletion }: { deletion: DeleteRepositoryActorRef }) {
  const open = useSelector(deletion, (s) => s.matches('confirming') || s.matches('deleting'));
  const repoId = useSelector(deletion, (s) => s.context.repoId);
  const confirmation = useSelector(deletion, (s) => s.context.confirmation);
  const busy = useSelector(deletion, (s) => s.hasTag('busy'));
  const error = useSelector(deletion, (s) => s.context.error);
  const canConfirm = confirmation === repoId;
  const cancel = () => {
    if (!busy) deletion.send({ type: 'delete.cancel' });
  };
  return (
    <Dialog.Root
      open={open}
      role="alertdialog"
      onOpenChange={(details) => {
        if (!details.open) cancel();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                deletion.send({ type: 'delete.confirm' });
              }}
            >
              <Dialog.Header>
                <Dialog.Title>Delete Repository</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  <Text>
                    Are you sure you wish to delete repository <strong>{repoId}</strong>? This action cannot be undone.
                    This will delete the following:
                  </Text>
                  <Box as="ul" ps="6" listStyleType="disc">
                    <li>All commits</li>
                    <li>All branches</li>
                    <li>All tags</li>
                    <li>All repository configuration</li>
                  </Box>
                  <Text>Data in the underlying object store will not be deleted by this action.</Text>
                  <Field.Root>
                    <Field.Label>
                      <span>
                        Please type <strong>{repoId}</strong> to confirm:
                      </span>
                    </Field.Label>
                    <Input
                      value={confirmation}
                      placeholder="Enter repository name to confirm"
                      autoComplete="off"
                      autoFocus
                      onChange={(e) => deletion.send({ type: 'confirmation.change', value: e.target.value })}
                    />
                  </Field.Root>
                  {error !== null && <ErrorAlert error={error} />}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={cancel} disabled={busy}>
                  Cancel
                </Button>
                <Button type="submit" colorPalette="red" disabled={!canConfirm} loading={busy}>
                  {DELETE_CONFIRM_LABEL}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
