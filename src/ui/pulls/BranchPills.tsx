import { Badge, HStack } from '@chakra-ui/react';
import { LuArrowLeft } from 'react-icons/lu';

/** `destination ← source`, each branch a pill, read out as "source into destination". */
export function BranchPills({ destination, source }: { destination: string; source: string }) {
  return (
    <HStack gap="1" minW="0" aria-label={`${source} into ${destination}`} role="group">
      <Badge variant="outline" fontFamily="mono" truncate title={destination}>
        {destination}
      </Badge>
      <LuArrowLeft aria-hidden="true" />
      <Badge variant="outline" fontFamily="mono" truncate title={source}>
        {source}
      </Badge>
    </HStack>
  );
}
