import { Badge } from '@chakra-ui/react';
import { LuLock } from 'react-icons/lu';
import { protectedBranchReason } from '../../lib/branch-protection';

/** Marks a branch a protection rule covers, wherever it is chosen or listed; its title says what that means. */
export function ProtectedBadge({ branch }: { branch: string }) {
  return (
    <Badge size="sm" colorPalette="orange" gap="1" title={protectedBranchReason(branch)}>
      <LuLock aria-hidden="true" />
      Protected
    </Badge>
  );
}
