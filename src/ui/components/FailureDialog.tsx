import type { ReactNode } from 'react';
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
export function FailureDialog({ error, ...dialog }: FailureDialogProps) {
  return (
    <AlertDialog {...dialog}>
      <ErrorAlert error={error} />
    </AlertDialog>
  );
}

/** An alert dialog that tells what went wrong (`children`) and is closed with OK. */
export function AlertDialog({ open, title, onClose, children }: Omit<FailureDialogProps, 'error'> & { children: ReactNode }) {
  return (
    <Dialog.Root open={open} role="alertdialog" onOpenChange={(d) => !d.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>
              <Button onClick={onClose}>OK</Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
