import { Text, VisuallyHidden } from '@chakra-ui/react';

/**
 * A commit's committer. Commits the server makes itself (the repository's first one) have none: an empty name is
 * shown as a muted dash, read out as "no committer".
 */
export function Committer({ name }: { name: string | undefined | null }) {
  const committer = name?.trim();
  if (committer) return <>{committer}</>;
  return (
    <Text as="span" color="fg.muted" title="No committer recorded">
      <span aria-hidden="true">—</span>
      <VisuallyHidden>no committer</VisuallyHidden>
    </Text>
  );
}
