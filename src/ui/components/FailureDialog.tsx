import { Button, Portal } from '@chakra-ui/react';
import { Dialog } from '../theme/deferred/dialog';
import { ErrorAlert } from './ErrorAlert';

export interface FailureDialogProps {
  open: boolean;
  title: string;
  error: unknown;
  onClose: () => void;
}

/** Why an action the user confirmed failed, in an alert dialog closed with OK. */
export function FailureDialog({ open, title, error, onClose }: FailureDialogProps) {
  return (
    <Dialog.Root open={open} role="alertdialog" onOpenChange={(d) => !d.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <ErrorAlert error={error} />
            </Dialog.Body>
            <Dialog.Footer>
              <Button onClick={onClose}>OK</Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
