import { useSyncExternalStore } from 'react';
import { HStack, Spinner, Text } from '@chakra-ui/react';
import { isReconnecting, onReconnectingChange } from '../../lib/connection';

export interface LoadingProps {
  label?: string;
}

/** What a wait says while the read behind it is being retried for want of an answer (docs/behaviour.md, Conventions). */
export const RECONNECTING_LABEL = "Reconnecting to Tarn's server…";

/**
 * A spinner with a label that screen readers announce. While a read waits to be retried it says so instead: a
 * loader's or a list's wait is then a reconnection, and its failure is shown only once the retries are spent.
 */
export function Loading({ label = 'Loading...' }: LoadingProps) {
  const reconnecting = useSyncExternalStore(onReconnectingChange, isReconnecting, () => false);
  return (
    <HStack role="status" aria-live="polite" gap="3" py="6" justify="center" color="fg.muted">
      <Spinner size="sm" colorPalette="tarn" />
      <Text>{reconnecting ? RECONNECTING_LABEL : label}</Text>
    </HStack>
  );
}
