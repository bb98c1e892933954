import { Alert } from '@chakra-ui/react';
import type { StorageConfig } from '../../api/types';

/** Data in the in-memory blockstore vanishes with the server process; say so wherever repositories are made. */
export function MemBlockstoreWarning({ storage }: { storage?: StorageConfig }) {
  if (storage?.blockstore_type !== 'mem') return null;
  return (
    <Alert.Root status="warning">
      <Alert.Indicator />
      <Alert.Title>Block adapter mem not usable in production</Alert.Title>
    </Alert.Root>
  );
}
