import { Badge } from '@chakra-ui/react';
import { LuLock } from 'react-icons/lu';

export function ReadOnlyBadge() {
  return (
    <Badge colorPalette="orange" variant="subtle" gap="1">
      <LuLock aria-hidden="true" />
      Read-only
    </Badge>
  );
}
