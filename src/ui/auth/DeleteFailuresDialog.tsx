import { Button, Portal, Stack, Text } from '@chakra-ui/react';
import { Dialog } from '../theme/deferred/dialog';
import { ErrorAlert } from '../components/ErrorAlert';

export interface DeleteFailuresDialogProps {
  open: boolean;
  /** 'users', 'groups', 'policies'. */
  noun: string;
  /** Why the deletion could not run at all, if it could not. */
  error: unknown;
  /** The selected entries that were not deleted, each with the server's reason. */
  failures: readonly { id: string; message: string }[];
  onClose: () => void;
}

/** What a deletion of selected users, groups or policies left behind, and why. */
export function DeleteFailuresDialog({ open, noun, error, failures, onClose }: DeleteFailuresDialogProps) {
  return (
    <Dialog.Root open={open} role="alertdialog" onOpenChange={(d) => !d.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{`Some ${noun} were not deleted`}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {error !== undefined ? (
                <ErrorAlert error={error} />
              ) : (
                <Stack as="ul" gap="1" ps="4" listStyleType="disc">
                  {failures.map((failure) => (
                    <Text as="li" key={failure.id}>
                      <Text as="span" fontWeight="semibold">
                        {failure.id}
                      </Text>
                      {`: ${failure.message}`}
                    </Text>
                  ))}
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button onClick={() => onClose()}>OK</Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
