import type { ReactNode } from 'react';
import { CloseButton, Portal } from '@chakra-ui/react';
import { Dialog } from '../theme/deferred/dialog';

export interface TaskDialogProps {
  title: ReactNode;
  size: 'md' | 'lg' | 'xl';
  /** While the task runs the dialog stays open: no close button, no Escape. */
  busy: boolean;
  onClose: () => void;
  /** The body and footer. */
  children: ReactNode;
}

/**
 * A dialog that runs a task (an upload, an import): a click outside never closes it, and while the task runs nothing
 * does, so the user cannot lose sight of work in progress.
 */
export function TaskDialog({ title, size, busy, onClose, children }: TaskDialogProps) {
  return (
    <Dialog.Root
      open
      size={size}
      closeOnInteractOutside={false}
      closeOnEscape={!busy}
      onOpenChange={(details) => {
        if (!details.open && !busy) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            {children}
            {!busy && (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close dialog" />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
