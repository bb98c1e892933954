import { Badge } from '@chakra-ui/react';
import type { TableSummary } from '../../api/types';

/** Delta or Iceberg, as a badge. */
export function FormatBadge({ format }: { format: TableSummary['format'] }) {
  return (
    <Badge variant="subtle" colorPalette={format === 'delta' ? 'blue' : 'teal'}>
      {format === 'delta' ? 'Delta' : 'Iceberg'}
    </Badge>
  );
}

/** A Delta version as it is; an Iceberg snapshot id (19 digits) by its first ones, the whole id in the title. */
export const shortVersion = (version: string): string => (version.length > 12 ? `${version.slice(0, 12)}…` : version);
