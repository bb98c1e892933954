import type { ReactNode } from 'react';
import { Alert, CloseButton } from '@chakra-ui/react';

export interface ReceiptProps {
  /** The receipt's accessible name, e.g. "Commit made". */
  label: string;
  /** What was made, with a link to it. */
  title: ReactNode;
  children?: ReactNode;
  /** Offers to put the receipt away; a receipt inside a dialog goes with it. */
  onDismiss?: () => void;
}

/** What a write made, linked, above the screen the write changed (or in its dialog); it stays until dismissed. */
export function Receipt({ label, title, children, onDismiss }: ReceiptProps) {
  return (
    <Alert.Root status="success" role="status" aria-label={label}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        {children !== undefined && <Alert.Description>{children}</Alert.Description>}
      </Alert.Content>
      {onDismiss && <CloseButton size="sm" aria-label="Dismiss" onClick={onDismiss} />}
    </Alert.Root>
  );
}
