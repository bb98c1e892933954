import type { ReactNode } from 'react';
import { Button, Portal, Stack } from '@chakra-ui/react';
import { Dialog } from '../theme/deferred/dialog';
import { ErrorAlert } from './ErrorAlert';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen, in words the user can judge. */
  children: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** While the confirmed action runs: the buttons are disabled and the confirm button spins. */
  busy?: boolean;
  /** The failure of the confirmed action, shown inside the dialog. */
  error?: unknown;
  /** The confirm button is off (the body says why), e.g. while a choice in the dialog is not allowed. */
  confirmDisabled?: boolean;
  /** Red by default: confirmations guard destructive actions. */
  colorPalette?: 'red' | 'tarn';
}

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
  busy = false,
  error,
  colorPalette = 'red',
  confirmDisabled = false,
}: ConfirmDialogProps) {
  return (
    <Dialog.Root
      open={open}
      role="alertdialog"
      onOpenChange={(details) => {
        if (!details.open && !busy) onCancel();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <div>{children}</div>
                {error !== undefined && error !== null && <ErrorAlert error={error} />}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel} disabled={busy}>
                {cancelLabel}
              </Button>
              <Button colorPalette={colorPalette} onClick={onConfirm} loading={busy} disabled={confirmDisabled}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
