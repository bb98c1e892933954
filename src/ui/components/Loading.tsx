import { HStack, Spinner, Text } from '@chakra-ui/react';

export interface LoadingProps {
  label?: string;
}

/** A spinner with a label that screen readers announce. */
export function Loading({ label = 'Loading...' }: LoadingProps) {
  return (
    <HStack role="status" aria-live="polite" gap="3" py="6" justify="center" color="fg.muted">
      <Spinner size="sm" colorPalette="tarn" />
      <Text>{label}</Text>
    </HStack>
  );
}
